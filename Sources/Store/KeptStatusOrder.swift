import Synchronization

/// Every position in the status order, as a store read it whole, kept while
/// the store's generation stays (`StoreDatabase.generation`: any write
/// through the store, or another process's commit once refreshed, moves it
/// on, as any of them may change a status). Unlike the text orders
/// (`KeptTextOrders`), a status change makes it stale.
final class KeptStatusOrder: Sendable {
    private let kept = Mutex<(generation: Int, positions: [Int32])?>(nil)

    /// Every position in the status order: kept at `generation` for a store
    /// of `count` rows (fewer: another process imported, and no refresh has
    /// said so yet), else `read` and kept at it (a write meanwhile moves the
    /// generation on, so what was read then is not taken later).
    func whole<Failure: Error>(at generation: Int, count: Int, read: () throws(Failure) -> [Int32]) throws(Failure) -> [Int32] {
        if let kept = kept.withLock({ $0 }), kept.generation == generation, kept.positions.count == count { return kept.positions }
        let whole = try read()
        kept.withLock { $0 = (generation, whole) }
        return whole
    }
}
