/// How far an import has got, reported to a progress display.
public struct ImportProgress: Sendable, Hashable {
    /// The steps of an import.
    public enum Phase: Sendable, Hashable {
        /// Reading, checking and writing the manifest in one pass (unseen
        /// until the end): `done` and `total` are bytes of the manifest,
        /// `deliveries` how many have been read.
        case importing
        /// Keeping the store's other deliveries and filling the search indexes
        /// (`done` and `total` are rows).
        case indexing
        /// Swapping the import in and freeing what it replaced (`done` is 0, then 1 when finished).
        case finishing
    }

    public var phase: Phase
    /// Bytes of the manifest done so far (importing) or rows (indexing).
    public var done: Int
    /// The manifest's size in bytes (importing) or the rows to index.
    public var total: Int
    /// Deliveries read so far (importing), where `done` counts bytes.
    public var deliveries: Int

    public init(phase: Phase, done: Int, total: Int, deliveries: Int = 0) {
        self.phase = phase
        self.done = done
        self.total = total
        self.deliveries = deliveries
    }

    /// Fraction done, 0...1.
    public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }
}
