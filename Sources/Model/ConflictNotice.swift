/// A change of this browser's that the team's hub refused, as its maker is
/// told it: the delivery had changed since (someone else's newer change),
/// so the newer status was kept. Shown until its maker has looked at it (`r`
/// applies theirs again, `x` keeps the hub's).
public struct ConflictNotice: Sendable, Hashable {
    /// The refused change's id (the outbox's idempotency key).
    public let changeID: String
    public let deliveryID: String
    /// The status the maker chose.
    public let mine: DeliveryStatus
    /// When they chose it (local time), and whether the hub was out of reach then.
    public let madeAt: TimeOfDay?
    public let madeOffline: Bool
    /// The status the hub kept, who had set it (a role name) and when (local time), when known.
    public let kept: DeliveryStatus
    public let keptBy: String?
    public let keptAt: TimeOfDay?

    public init(
        changeID: String, deliveryID: String, mine: DeliveryStatus, madeAt: TimeOfDay?, madeOffline: Bool,
        kept: DeliveryStatus, keptBy: String?, keptAt: TimeOfDay?
    ) {
        self.changeID = changeID
        self.deliveryID = deliveryID
        self.mine = mine
        self.madeAt = madeAt
        self.madeOffline = madeOffline
        self.kept = kept
        self.keptBy = keptBy
        self.keptAt = keptAt
    }

    /// "DLV-0012: `r` to apply your Out for delivery, `x` to keep Failed. You
    /// marked it offline at 10:02; dispatch had marked it Failed at 10:05."
    /// The keys and the two statuses come first: a status bar narrower than
    /// the sentence cuts the times and names, not what to press.
    public var sentence: String {
        let made = "You marked it" + (madeOffline ? " offline" : "") + (madeAt.map { " at \($0)" } ?? "")
        let other = (keptBy.map { "\($0) had" } ?? "someone had") + " marked it \(kept.title)" + (keptAt.map { " at \($0)" } ?? "")
        return "\(deliveryID): `r` to apply your \(mine.title), `x` to keep \(kept.title). \(made); \(other)."
    }
}
