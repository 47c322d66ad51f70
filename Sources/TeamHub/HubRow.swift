import Model

/// One delivery as the hub holds it, in a snapshot or a page of changes.
public struct HubRow: Sendable, Hashable {
    /// Its place in the list (1-based, as in the manifests imported).
    public let position: Int
    public let delivery: Delivery
    /// The feed position of its last change (`HubPosition.sequence`).
    public let revision: Int64
    /// Who made its status what it is, when someone did (nil: as imported, or from before the hub recorded it).
    public let lastChange: HubAuthor?

    public init(position: Int, delivery: Delivery, revision: Int64, lastChange: HubAuthor?) {
        self.position = position
        self.delivery = delivery
        self.revision = revision
        self.lastChange = lastChange
    }
}
