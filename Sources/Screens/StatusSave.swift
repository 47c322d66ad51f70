import Model

/// What a saved status change came to (`Message.statusSaved`), with the
/// delivery as the store now has it, for the notice and the open Shipment screen.
public enum StatusSave: Sendable {
    /// The delivery `deliveryID` now has `status` (after an undo: the one it
    /// went back to). `delivery` is nil when it could not be read back.
    /// In a team store's replica, `queued` is the change's place in the outbox (for "saved" once the hub has it).
    case changed(deliveryID: String, status: DeliveryStatus, delivery: Delivery?, queued: Int64? = nil)
    /// Nothing changed: the delivery already had the status, or there was
    /// nothing to undo.
    case unchanged(Delivery?)
    /// An undo was refused: taking the change back would overwrite someone
    /// else's newer change (`reason` says whose).
    case refused(reason: String)
}
