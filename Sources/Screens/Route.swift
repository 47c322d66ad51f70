import Model

/// Which screen is showing.
public enum Route: Sendable, Hashable {
    case deliveries
    /// The Shipment screen for one delivery, scrolled down by `scroll` lines.
    /// It keeps the delivery itself, so a status filter that drops the row
    /// from the list does not take the open screen away.
    case shipment(Delivery, scroll: Int)
}
