/// Positions of variable-height rows in a scrolling viewport, for lists of
/// any length, under one of the three row-height strategies.
///
/// The view is held by its `anchor` (the row at the top of the viewport and
/// how many of its lines are scrolled off), never by a content offset, so a
/// row changing height above the viewport cannot move what is on screen.
/// Offsets, the total height and the scrollbar come from a `RowHeightIndex`
/// (exact once every row is measured, estimated before that).
///
/// Every mutating call (`setContext`, `setViewportHeight`, `scroll`,
/// `scrollToTop`, `scrollToEnd`, `reveal`) measures exactly the rows it brings
/// on screen, so a screen renders with the non-mutating `visibleRows()` and
/// `scrollbarThumb(trackHeight:)`, and calls `refine(budget:)` when idle:
///
/// ```swift
/// var layout = ListLayout(rowCount: n, strategy: .estimated, context: context,
///                         viewportHeight: 20, measurer: measurer)
/// layout.scroll(by: 1)                        // after a key
/// layout.setContext(bigger, keepingRow: sel)  // after `+`: row `sel` stays on its line
/// for row in layout.visibleRows() { … }       // every frame
/// layout.refine(budget: 100)                  // when no key is waiting
/// ```
///
/// Cost: O(rows on screen + log n) for every call but `exact`'s full layout
/// (measured here, or by a worker and taken with `takeExactHeights(_:)`),
/// whatever the row count; 14 bytes of bookkeeping a row, mapped lazily.
public struct ListLayout: Sendable {
    public internal(set) var rowCount: Int
    public internal(set) var strategy: RowHeightStrategy
    public internal(set) var context: LayoutContext
    public internal(set) var viewportHeight: Int
    /// The row on the viewport's top line and how many of its lines are above it.
    public internal(set) var anchor: ScrollAnchor = .top

    let measurer: any RowMeasuring
    var index: RowHeightIndex
    var contextTags: [LayoutContext: UInt16] = [:]
    var contextTag: UInt16 = 0
    /// Exact height / estimate, in 1/256, from the sample taken at the last context change.
    var estimateCalibrationQ: Int64 = 256
    var estimateCursor = 0
    var exactCursor = 0
    /// Whether the `exact` strategy measures every row itself when the
    /// context changes; else a worker does (`takeExactHeights(_:)`).
    public var measuresEveryRowHere: Bool
    /// The `exact` strategy's full layout for the current context is still to
    /// come (`takeExactHeights(_:)`): meanwhile rows on screen are measured
    /// and the rest estimated, as under `estimated`.
    public internal(set) var awaitsExactHeights = false
    /// The `exact` strategy's full layout now indexed, kept so that the
    /// same rows in another order can be laid out from it (`reordered`).
    public internal(set) var exactHeights: ExactHeights?

    /// Rows sampled (estimated and measured) when the context changes.
    static let sampleSize = 32
    /// Per-row estimates `refine` may index for each exact measurement it is allowed.
    static let estimatesPerMeasurement = 16

    /// `measuresEveryRowHere`: false for a layout changed by the screens'
    /// `update`, where the `exact` strategy's full layout comes from a worker
    /// (`ahead`, or later `takeExactHeights(_:)`) and is estimated until then.
    public init(
        rowCount: Int, strategy: RowHeightStrategy, context: LayoutContext, viewportHeight: Int,
        measurer: any RowMeasuring, measuresEveryRowHere: Bool = true, ahead: [ExactHeights] = []
    ) {
        self.rowCount = max(0, rowCount)
        self.strategy = strategy
        self.context = context
        self.viewportHeight = max(1, viewportHeight)
        self.measurer = measurer
        self.measuresEveryRowHere = measuresEveryRowHere
        index = RowHeightIndex(count: self.rowCount)
        applyContext(ahead: ahead)
        settle()
    }

    // MARK: - Reading

    /// Total content height in lines: exact under `fixed` and `exact`, and
    /// under `estimated` once `isFullyMeasured`.
    public var totalHeight: Int { index.totalHeight }

    /// Content lines above `row` (0 for row 0, `totalHeight` for `rowCount`).
    public func offset(ofRow row: Int) -> Int { index.offset(ofRow: row) }

    /// The row containing content line `y`, and how far into it `y` is.
    public func row(atOffset y: Int) -> ScrollAnchor {
        guard rowCount > 0 else { return .top }
        let found = index.row(atOffset: y)
        return ScrollAnchor(row: found.row, linesIntoRow: found.linesIntoRow)
    }

    /// The height the layout counts for `row`: exact for rows that have been
    /// on screen or refined, the estimate otherwise.
    public func height(ofRow row: Int) -> Int {
        guard row >= 0, row < rowCount else { return 0 }
        return index.height(ofRow: row)
    }

    /// Whether every row is measured exactly, so offsets and `totalHeight` are exact.
    public var isFullyMeasured: Bool { strategy == .fixed || index.exactCount == rowCount }

    /// The viewport's top line in content coordinates.
    public var contentOffset: Int { offset(ofRow: anchor.row) + anchor.linesIntoRow }

    /// Bytes of per-row height bookkeeping (at most 16 a row).
    public var bookkeepingBytes: Int { index.allocatedBytes }

    /// The rows that cover the viewport, top to bottom, each with the viewport
    /// line of its top (negative for a row straddling the top edge).
    public func visibleRows() -> [VisibleRow] {
        var rows: [VisibleRow] = []
        var row = anchor.row
        var y = -anchor.linesIntoRow
        while row < rowCount, y < viewportHeight {
            let h = index.height(ofRow: row)
            rows.append(VisibleRow(row: row, y: y, height: h))
            y += h
            row += 1
        }
        return rows
    }

    /// The viewport line of `row`'s top if any of it is on screen.
    public func screenLine(ofRow row: Int) -> Int? {
        guard row >= anchor.row, row < rowCount else { return nil }
        var y = -anchor.linesIntoRow
        var current = anchor.row
        while current < row, y < viewportHeight {
            y += index.height(ofRow: current)
            current += 1
        }
        return y < viewportHeight ? y : nil
    }

    /// Whether the last row's last line is on the viewport's last line (or
    /// everything fits).
    public var isAtEnd: Bool {
        guard let last = visibleRows().last else { return true }
        return last.row == rowCount - 1 && last.y + last.height <= viewportHeight
    }

    /// Where a scrollbar's thumb goes on a track of `trackHeight` cells:
    /// its length follows the visible share of the content, and it touches
    /// the bottom exactly when the view is at the end.
    public func scrollbarThumb(trackHeight: Int) -> ScrollbarThumb {
        ScrollbarThumb(track: trackHeight, viewport: viewportHeight, total: totalHeight, offset: contentOffset)
    }
}
