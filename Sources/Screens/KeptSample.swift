import Model
import Synchronization

/// The rows that calibrate height estimates, read from the source together
/// the first time they are asked for and kept apart from its page cache.
///
/// The row-height engine samples the same rows at every text-size step or
/// resize. Spread over a million-row store they sit on as many pages as
/// there are samples, which a paged source's small cache has let go by the
/// next step, so each step would read them all again.
final class KeptSample: Sendable {
    private let kept = Mutex<(indices: [Int], rows: [(delivery: Delivery, lengths: TextLengths)])>(([], []))

    /// The rows at `indices`, read from `source` unless these are the ones kept.
    func rows(at indices: [Int], in source: any DeliverySource) -> [(delivery: Delivery, lengths: TextLengths)] {
        if let rows = kept.withLock({ $0.indices == indices ? $0.rows : nil }) { return rows }
        let rows = source.deliveriesWithLengths(at: indices)
        kept.withLock { $0 = (indices, rows) }
        return rows
    }
}
