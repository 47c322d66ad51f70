/// A status change someone asked for: one delivery's new status, or taking
/// back this browser's last change (of one delivery, when named: the
/// Shipment screen's `u`).
///
/// A plain value so that the screens can ask for it (as a command) and the
/// store's writer can carry it out, without either knowing the other.
public enum StatusRequest: Sendable, Hashable {
    case setStatus(DeliveryStatus, deliveryID: String)
    case undo(deliveryID: String?)
}
