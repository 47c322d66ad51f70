/// Positions of variable-height rows in a scrolling viewport.
///
/// Baseline implementation: heights measured up front into prefix sums.
public struct ListLayout: Sendable {
    public private(set) var rowCount: Int
    public private(set) var strategy: RowHeightStrategy
    public private(set) var context: LayoutContext
    public private(set) var viewportHeight: Int
    public private(set) var anchor: ScrollAnchor = .top
    private let measurer: any RowMeasuring
    private var offsets: [Int] = [0]

    public init(rowCount: Int, strategy: RowHeightStrategy, context: LayoutContext, viewportHeight: Int, measurer: any RowMeasuring) {
        self.rowCount = rowCount
        self.strategy = strategy
        self.context = context
        self.viewportHeight = max(1, viewportHeight)
        self.measurer = measurer
        remeasure()
    }

    private mutating func remeasure() {
        var sums = [0]
        sums.reserveCapacity(rowCount + 1)
        var total = 0
        for row in 0 ..< rowCount {
            total += height(ofRow: row)
            sums.append(total)
        }
        offsets = sums
    }

    public func height(ofRow row: Int) -> Int {
        switch strategy {
        case .fixed: max(1, measurer.fixedHeight(in: context))
        case .exact, .estimated: max(1, measurer.exactHeight(ofRow: row, in: context))
        }
    }

    public var totalHeight: Int { offsets[rowCount] }
    public func offset(ofRow row: Int) -> Int { offsets[min(max(0, row), rowCount)] }
    /// The viewport's top line in content coordinates.
    public var contentOffset: Int { offset(ofRow: anchor.row) + anchor.linesIntoRow }

    /// The row containing content line `y`.
    public func row(atOffset y: Int) -> ScrollAnchor {
        guard rowCount > 0 else { return .top }
        var lo = 0, hi = rowCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return ScrollAnchor(row: lo, linesIntoRow: y - offsets[lo])
    }

    /// Changes width or text size, keeping the anchor row on the same screen line.
    public mutating func setContext(_ newContext: LayoutContext) {
        guard newContext != context else { return }
        context = newContext
        remeasure()
        anchor.linesIntoRow = min(anchor.linesIntoRow, max(0, height(ofRow: anchor.row) - 1))
        clamp()
    }

    public mutating func setViewportHeight(_ height: Int) {
        viewportHeight = max(1, height)
        clamp()
    }

    public mutating func scroll(by lines: Int) {
        setContentOffset(contentOffset + lines)
    }

    public mutating func scrollToTop() { anchor = .top }

    /// The last row's last line on the viewport's last line.
    public mutating func scrollToEnd() {
        setContentOffset(totalHeight - viewportHeight)
    }

    /// Scrolls as little as possible so that `row` is fully visible (its top, if taller than the viewport).
    public mutating func reveal(row: Int) {
        guard rowCount > 0 else { return }
        let top = offset(ofRow: row), bottom = offset(ofRow: row + 1)
        if top < contentOffset || bottom - top > viewportHeight {
            setContentOffset(top)
        } else if bottom > contentOffset + viewportHeight {
            setContentOffset(bottom - viewportHeight)
        }
    }

    /// The rows that cover the viewport, top to bottom.
    public func visibleRows() -> [VisibleRow] {
        guard rowCount > 0 else { return [] }
        var rows: [VisibleRow] = []
        var row = anchor.row
        var y = -anchor.linesIntoRow
        while row < rowCount, y < viewportHeight {
            let h = height(ofRow: row)
            rows.append(VisibleRow(row: row, y: y, height: h))
            y += h
            row += 1
        }
        return rows
    }

    private mutating func setContentOffset(_ y: Int) {
        let maxOffset = max(0, totalHeight - viewportHeight)
        anchor = row(atOffset: min(max(0, y), maxOffset))
    }

    private mutating func clamp() {
        let maxOffset = max(0, totalHeight - viewportHeight)
        if contentOffset > maxOffset { setContentOffset(maxOffset) }
    }
}
