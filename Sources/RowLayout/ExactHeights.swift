/// Every row's exact height in one layout context: the `exact` strategy's
/// full layout, measured by a worker off the screens' loop (measuring every
/// row of a long list would hold up the key that asked for it) and handed
/// to the layout with `takeExactHeights(_:)` or `setContext(_:keepingRow:ahead:)`.
public struct ExactHeights: Sendable {
    public let context: LayoutContext
    public let rowCount: Int
    private let heights: [UInt16]

    /// Measures every row on the calling thread, one after another: the
    /// worker doing it runs behind the keys, and threads of its own would
    /// compete with the loop for the processor.
    public init(rowCount: Int, measurer: any RowMeasuring, context: LayoutContext) {
        self.context = context
        self.rowCount = max(0, rowCount)
        heights = (0 ..< self.rowCount).map { row in
            UInt16(min(max(1, measurer.exactHeightMeasuredOnce(ofRow: row, in: context)), Int(UInt16.max)))
        }
    }

    private init(context: LayoutContext, heights: [UInt16]) {
        self.context = context
        rowCount = heights.count
        self.heights = heights
    }

    /// These heights for the same rows listed in another order: `from` and
    /// `to` give each row's key (`DeliverySource.storePlaces`) in the old
    /// and the new order (positive, at most about twice the row count, as a
    /// store's are). Nil unless every new row's key is an old row's.
    public func reordered(from: [Int32], to: [Int32]) -> ExactHeights? {
        guard from.count == rowCount, to.count == rowCount else { return nil }
        // A store's places are 1 ... n: a table by place, not a hash of a
        // million keys, keeps this a linear pass on the key's path.
        guard let largest = from.max(), from.allSatisfy({ $0 > 0 }), Int(largest) <= 2 * rowCount + 1 else { return nil }
        var heightAt = [UInt16](repeating: 0, count: Int(largest) + 1)
        for (row, key) in from.enumerated() { heightAt[Int(key)] = heights[row] }
        var moved: [UInt16] = []
        moved.reserveCapacity(rowCount)
        for key in to {
            // Heights are at least 1: a 0 is a place the old rows did not hold.
            guard key > 0, Int(key) < heightAt.count, heightAt[Int(key)] > 0 else { return nil }
            moved.append(heightAt[Int(key)])
        }
        return ExactHeights(context: context, heights: moved)
    }

    /// Whether these are the heights of a list of `rowCount` rows in `context`.
    public func fit(rowCount: Int, context: LayoutContext) -> Bool {
        self.rowCount == rowCount && self.context == context
    }

    subscript(row: Int) -> Int { Int(heights[row]) }
}
