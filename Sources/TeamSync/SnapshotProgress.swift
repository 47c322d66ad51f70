/// How far a replica's first copy of its hub has got, for a progress bar:
/// first the rows fetched from the hub, then their import into the replica.
public enum SnapshotProgress: Sendable, Hashable {
    /// `done` of `total` deliveries fetched from the hub.
    case fetching(done: Int, total: Int)
    /// The fetched rows written into the replica (the import's own phases, as a fraction).
    case importing(fraction: Double)
    /// Copied.
    case finished
}
