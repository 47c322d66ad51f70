/// Which deliveries a list shows by status: all of them, or one status.
///
/// The Deliveries screen cycles through these with one key; the store turns
/// the choice into a query.
public enum StatusFilter: String, Sendable, Hashable, CaseIterable {
    case all
    case pending
    case outForDelivery = "out_for_delivery"
    case delivered
    case failed

    /// The status this filter keeps, or nil for all.
    public var status: DeliveryStatus? {
        switch self {
        case .all: nil
        case .pending: .pending
        case .outForDelivery: .outForDelivery
        case .delivered: .delivered
        case .failed: .failed
        }
    }

    /// How a person reads it: "All", "Pending", "Out for delivery", …
    public var title: String { status?.title ?? "All" }

    /// The next filter in the cycle all → pending → out for delivery → delivered → failed → all.
    public var next: StatusFilter {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + 1) % all.count]
    }

    /// The previous filter in the cycle (the reverse of `next`).
    public var previous: StatusFilter {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + all.count - 1) % all.count]
    }
}
