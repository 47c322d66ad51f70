/// A `DeliverySource` over an array: a parsed manifest, or test data.
public struct InMemoryDeliveries: DeliverySource {
    public var deliveries: [Delivery]

    public init(_ deliveries: [Delivery]) {
        self.deliveries = deliveries
    }

    public var count: Int { deliveries.count }

    public func delivery(at index: Int) -> Delivery { deliveries[index] }

    public func textLengths(at index: Int) -> TextLengths { TextLengths(of: deliveries[index]) }

    /// Where the delivery is, by a look along the array; nil when it is not
    /// here (an array does not know where a missing one would go).
    public func row(nearestTo id: String) -> Int? { deliveries.firstIndex { $0.id == id } }
}
