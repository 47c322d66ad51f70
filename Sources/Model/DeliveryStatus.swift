/// Where a delivery stands. Raw values are the manifest's and the store's spelling.
public enum DeliveryStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case outForDelivery = "out_for_delivery"
    case delivered
    case failed

    /// How a person reads it.
    public var title: String {
        switch self {
        case .pending: "Pending"
        case .outForDelivery: "Out for delivery"
        case .delivered: "Delivered"
        case .failed: "Failed"
        }
    }
}
