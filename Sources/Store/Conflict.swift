import Foundation
import Model

/// A change made here that the hub refused because the delivery had changed
/// since it was made: the newer status was kept. Shown to its maker until
/// they have seen it (`DeliveryStore.markSeen`), and theirs to apply again (`r`).
public struct Conflict: Sendable, Hashable {
    public let changeID: UUID
    public let deliveryID: String
    /// The status the maker chose, and the one they chose it over.
    public let mine: DeliveryStatus
    public let basedOn: DeliveryStatus
    public let madeAt: Date
    public let clientID: String
    /// The status the hub kept, who had set it (a role name) and when, when it says.
    public let kept: DeliveryStatus
    public let keptBy: String?
    public let keptAt: Date?
}
