import Foundation
import Model

/// A status change made in a replica and not yet acknowledged by the hub
/// (`DeliveryStore.outbox()`): what is sent, in this order, until it is.
public struct OutboxEntry: Sendable, Hashable {
    /// The idempotency key: the hub applies a change id once, however often it is sent.
    public let changeID: UUID
    public let deliveryID: String
    /// The status the change was made against: the hub applies it only while
    /// the delivery still has it (else someone else's newer change stays).
    public let basedOn: DeliveryStatus
    public let status: DeliveryStatus
    public let madeAt: Date
    public let author: ChangeAuthor
}
