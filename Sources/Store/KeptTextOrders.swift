import Model
import Synchronization

/// Every position in each text order (name, window), as a store read it
/// whole, kept until the texts may have changed (`textsChanged()`: an import,
/// here or elsewhere). Status changes leave them: no text order depends on a
/// status. A search that finds many rows is then put in its order by
/// filtering the whole list (`ordered(_:by:)`), a linear pass, rather than
/// by sorting the rows found, which costs far more at every keystroke.
/// Both stores keep one.
public final class KeptTextOrders: Sendable {
    private struct Kept {
        var generation = 0
        var orders: [DeliveryOrder: (generation: Int, positions: [Int32])] = [:]
    }

    private let kept = Mutex(Kept())

    /// A search finding at least 1 / `wholeOrderShare` of the rows is worth
    /// reading its order whole for: sorting those costs about as much as
    /// sorting all.
    public static let wholeOrderShare = 8

    public init() {}

    /// Whether `order` is one kept here: a text order.
    public static func keeps(_ order: DeliveryOrder) -> Bool {
        order == .name || order == .window
    }

    /// Forgets every order: the texts may have changed.
    public func textsChanged() {
        kept.withLock { $0.generation += 1 }
    }

    /// Every position in `order`, if kept since the texts last changed.
    public func whole(_ order: DeliveryOrder) -> [Int32]? {
        kept.withLock { kept in kept.orders[order].flatMap { $0.generation == kept.generation ? $0.positions : nil } }
    }

    /// Every position in `order`: kept, else `read` and kept (unless the
    /// texts changed while it was read).
    public func whole<Failure: Error>(_ order: DeliveryOrder, read: () throws(Failure) -> [Int32]) throws(Failure) -> [Int32] {
        if let whole = whole(order) { return whole }
        let generation = kept.withLock { $0.generation }
        let whole = try read()
        kept.withLock { kept in
            if kept.generation == generation { kept.orders[order] = (generation, whole) }
        }
        return whole
    }

    /// The positions of `held` in the order of `whole`, a list of every position.
    public static func ordered(_ held: PositionSet, by whole: [Int32]) -> [Int32] {
        whole.filter(held.contains)
    }

    /// How many of `listed` come before `position` in `whole`; nil when `whole` does not hold it.
    public static func rowsBefore(_ position: Int32, among listed: [Int32], in whole: [Int32]) -> Int? {
        guard let end = whole.firstIndex(of: position) else { return nil }
        let held = PositionSet(listed, capacity: whole.count)
        return whole[..<end].reduce(0) { $0 + (held.contains($1) ? 1 : 0) }
    }
}
