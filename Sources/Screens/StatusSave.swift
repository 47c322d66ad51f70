import Model

/// What a saved status change came to (`Message.statusSaved`), with the
/// delivery as the store now has it, for the notice and the open Shipment screen.
public enum StatusSave: Sendable {
    /// The delivery `deliveryID` now has `status` (after an undo: the one it
    /// went back to). `delivery` is nil when it could not be read back.
    case changed(deliveryID: String, status: DeliveryStatus, delivery: Delivery?)
    /// Nothing changed: the delivery already had the status, or there was
    /// nothing to undo.
    case unchanged(Delivery?)
}
