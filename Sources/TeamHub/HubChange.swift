import Foundation
import Model

/// A status change a client made, as it sends it to the hub's intake.
public struct HubChange: Sendable, Hashable {
    /// Made once by the client with the change: a resend with the same id is applied once.
    public let changeID: UUID
    public let deliveryID: String
    /// The status the client saw when the change was made: the change applies only while the hub's is still this.
    public let basedOn: DeliveryStatus
    public let status: DeliveryStatus
    /// When the person made it (perhaps offline, long before it is sent).
    public let madeAt: Date

    public init(changeID: UUID, deliveryID: String, basedOn: DeliveryStatus, status: DeliveryStatus, madeAt: Date) {
        self.changeID = changeID
        self.deliveryID = deliveryID
        self.basedOn = basedOn
        self.status = status
        self.madeAt = madeAt
    }
}
