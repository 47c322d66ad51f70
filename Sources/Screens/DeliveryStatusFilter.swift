import Model

/// The status filter that `s` cycles through: all, then each status.
public enum DeliveryStatusFilter: Sendable, Hashable, CaseIterable {
    case all, pending, outForDelivery, delivered, failed

    public var status: DeliveryStatus? {
        switch self {
        case .all: nil
        case .pending: .pending
        case .outForDelivery: .outForDelivery
        case .delivered: .delivered
        case .failed: .failed
        }
    }

    public var title: String { status?.title ?? "All" }

    public var next: DeliveryStatusFilter {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
