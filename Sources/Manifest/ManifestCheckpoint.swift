/// A place in a manifest's deliveries array that a validating pass passed:
/// just after delivery `index - 1`, so the deliveries from `index` on can be
/// read from there (`ManifestReader.forEachDelivery(in:file:from:count:_:)`),
/// which lets several threads read one manifest's parts at once.
public struct ManifestCheckpoint: Sendable, Hashable {
    /// The index of the first delivery read from here.
    public let index: Int
    /// The byte offset just past delivery `index - 1` (before the comma).
    public let offset: Int
}
