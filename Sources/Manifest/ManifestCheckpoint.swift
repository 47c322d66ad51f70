/// A place in a manifest's deliveries array just after delivery `index - 1`
/// (`ManifestReader.checkpoint(in:atOrAfter:)`), so the deliveries from
/// `index` on can be read from there
/// (`ManifestReader.forEachDelivery(in:file:from:progress:_:)`) while
/// another thread reads those before it.
public struct ManifestCheckpoint: Sendable, Hashable {
    /// The index of the first delivery read from here.
    public let index: Int
    /// The byte offset just past delivery `index - 1` (before the comma).
    public let offset: Int
}
