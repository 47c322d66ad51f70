import Model

/// One status change as saved, or as undone: which delivery, from what, to what.
public struct StatusChange: Sendable, Hashable {
    /// The delivery's id.
    public var deliveryID: String
    /// The delivery's 0-based row in the store's full list (`DeliveryStore.deliveries()`).
    public var row: Int
    public var oldStatus: DeliveryStatus
    public var newStatus: DeliveryStatus
    /// In a team store's replica, the change's place in the outbox and its
    /// idempotency key (`OutboxEntry`); else nil.
    public var outboxSequence: Int64?
    public var changeID: String?

    public init(deliveryID: String, row: Int, oldStatus: DeliveryStatus, newStatus: DeliveryStatus) {
        self.deliveryID = deliveryID
        self.row = row
        self.oldStatus = oldStatus
        self.newStatus = newStatus
    }
}
