import Model

/// A `DeliverySource` that makes each delivery on demand from a generator,
/// so benchmarks and tests can have a million rows without holding them.
public struct GeneratedDeliveries: DeliverySource {
    public let count: Int
    public let generator: DeliveryGenerator

    public init(count: Int, seed: UInt64) {
        self.count = max(0, count)
        generator = DeliveryGenerator(seed: seed)
    }

    public func delivery(at index: Int) -> Delivery { generator.delivery(at: index) }

    public func textLengths(at index: Int) -> TextLengths { TextLengths(of: generator.delivery(at: index)) }
}
