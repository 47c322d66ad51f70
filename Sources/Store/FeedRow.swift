import Foundation
import Model

/// One delivery as the hub's change feed gives it, for a replica to take
/// (`DeliveryStore.applyFeed`): the row, and who last changed its status.
public struct FeedRow: Sendable {
    public let delivery: Delivery
    /// Who made the status the row has (a role name), when the hub knows.
    public let changedBy: String?
    /// The client id of that change, when the hub knows.
    public let changedByClient: String?
    public let changedAt: Date?

    public init(delivery: Delivery, changedBy: String?, changedByClient: String?, changedAt: Date?) {
        self.delivery = delivery
        self.changedBy = changedBy
        self.changedByClient = changedByClient
        self.changedAt = changedAt
    }
}
