import Foundation
import Model

/// A status change made while the server was unreachable, waiting to be
/// written when it is back. Its id goes into the log's unique `change_id`, so
/// writing it again (the reply to the first try was lost) writes it once.
struct QueuedChange: Sendable, Hashable {
    var changeID: UUID
    var deliveryID: String
    var status: DeliveryStatus
}
