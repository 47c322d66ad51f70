/// A `DeliverySource` over an array: a parsed manifest, or test data.
public struct InMemoryDeliveries: DeliverySource {
    public var deliveries: [Delivery]

    public init(_ deliveries: [Delivery]) {
        self.deliveries = deliveries
    }

    public var count: Int { deliveries.count }

    public func delivery(at index: Int) -> Delivery { deliveries[index] }

    public func textLengths(at index: Int) -> TextLengths { TextLengths(of: deliveries[index]) }
}
