/// One delivery: who gets what, where, and how far it has got.
///
/// The value the whole program passes around; the store, the manifest reader
/// and the screens all speak in `Delivery`.
public struct Delivery: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var address: Address
    public var phone: String?
    public var text: String?
    public var status: DeliveryStatus
    public var items: [Item]
    public var instructions: String?
    public var window: String?

    public init(
        id: String, name: String, address: Address, phone: String? = nil, text: String? = nil,
        status: DeliveryStatus = .pending, items: [Item] = [], instructions: String? = nil, window: String? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.phone = phone
        self.text = text
        self.status = status
        self.items = items
        self.instructions = instructions
        self.window = window
    }
}
