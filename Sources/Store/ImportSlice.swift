import Foundation

/// How many rows an import writes in one transaction, so that it holds the
/// store's write lock for about `target` at a time and a waiting status
/// change gets in within a fraction of a second.
///
/// Rows cost differently in each step (a staged insert, a copy, two index
/// entries, a delete), and machines differ, so each step sizes its own
/// slices: starting from a guess, it scales the count by how long the last
/// slice took, at most doubling or halving at once.
struct ImportSlice {
    static let smallest = 64
    static let largest = 1 << 16

    private(set) var rows: Int
    /// The time a slice should hold the lock, on average.
    let target: TimeInterval

    init(rows: Int, target: TimeInterval = 0.1) {
        self.rows = rows
        self.target = target
    }

    /// Runs `body`, a slice that handles `rows` rows or fewer and returns how
    /// many it did, and sizes the next slice by its time per row.
    @discardableResult
    mutating func measure(_ body: () throws -> Int) rethrows -> Int {
        let start = DispatchTime.now().uptimeNanoseconds
        let done = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if done > 0 {
            let fitting = target / max(seconds / Double(done), 1e-7)
            rows = min(Self.largest, max(Self.smallest, min(rows * 2, max(rows / 2, Int(fitting)))))
        }
        return done
    }
}
