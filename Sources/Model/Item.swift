/// One shipped item and how many of it.
public struct Item: Sendable, Hashable {
    public var name: String
    public var quantity: Int

    public init(name: String, quantity: Int = 1) {
        self.name = name
        self.quantity = quantity
    }
}
