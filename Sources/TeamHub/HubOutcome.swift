import Model

/// What the hub did with a submitted change; a resend of a change id the
/// hub has seen gets the first outcome again.
public enum HubOutcome: Sendable, Hashable {
    /// Applied: the delivery's row now has this revision.
    case applied(revision: Int64)
    /// Not applied, because the hub's status was no longer the one the change
    /// was made against: someone else's newer change stays. Logged as rejected.
    case rejected(current: DeliveryStatus, by: HubAuthor?, revision: Int64)
    /// The hub has no delivery with that id. Logged.
    case unknownDelivery
    /// The change itself is malformed (the same status twice, no client); the words say why. Not logged.
    case refused(String)
}
