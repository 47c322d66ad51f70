/// How far an import has got, reported to a progress display.
public struct ImportProgress: Sendable, Hashable {
    /// The two passes of an import.
    public enum Phase: Sendable, Hashable {
        /// Validating the whole manifest; nothing written yet.
        case checking
        /// Writing the deliveries in one transaction.
        case writing
        /// Rebuilding the search index and committing (`done` is 0, then 1 when finished).
        case finishing
    }

    public var phase: Phase
    /// Bytes of the manifest done so far (checking) or deliveries written (writing).
    public var done: Int
    /// The manifest's size in bytes (checking) or its number of deliveries (writing).
    public var total: Int

    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }

    /// Fraction done, 0...1.
    public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }
}
