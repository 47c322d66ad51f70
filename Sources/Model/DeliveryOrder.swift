/// The order a list shows deliveries in. The Deliveries screen cycles
/// through these with `s`; the store turns the choice into an ORDER BY.
public enum DeliveryOrder: String, Sendable, Hashable, CaseIterable {
    /// As the manifest listed them (import order).
    case manifest
    /// By time window ("09:00-12:00"), deliveries without one last.
    case window
    /// By name, ignoring the case of A–Z only (SQLite's NOCASE; `Store.StoreOrdering`).
    case name
    /// By status: pending, out for delivery, delivered, failed.
    case status

    /// How a person reads it.
    public var title: String {
        switch self {
        case .manifest: "manifest order"
        case .window: "time window"
        case .name: "name"
        case .status: "status"
        }
    }

    /// The next order in the cycle manifest → window → name → status → manifest.
    public var next: DeliveryOrder {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + 1) % all.count]
    }
}
