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

    /// Whether these are the heights of a list of `rowCount` rows in `context`.
    public func fit(rowCount: Int, context: LayoutContext) -> Bool {
        self.rowCount == rowCount && self.context == context
    }

    subscript(row: Int) -> Int { Int(heights[row]) }
}
