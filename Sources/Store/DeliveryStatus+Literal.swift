import Model

extension DeliveryStatus {
    /// `rawValue` as text that lasts as long as the program, bound without
    /// SQLite copying it (`BulkStatement.bind(literal:at:)`): each staged row
    /// binds its status three times.
    var literal: StaticString {
        switch self {
        case .pending: "pending"
        case .outForDelivery: "out_for_delivery"
        case .delivered: "delivered"
        case .failed: "failed"
        }
    }
}
