/// Which hub a replica copies and how far it has read the hub's change feed
/// (`DeliveryStore.replicaState()`).
public struct ReplicaState: Sendable, Hashable {
    /// The hub's identity: a replica of another hub (or of one made anew) must be snapshotted again.
    public var hub: String
    /// Where the hub is, fit to print (no password).
    public var address: String
    /// The feed position the replica has read up to; nil before the first snapshot has finished.
    public var position: Int64?

    public init(hub: String, address: String, position: Int64?) {
        self.hub = hub
        self.address = address
        self.position = position
    }
}
