/// Positions of variable-height rows in a scrolling viewport, for lists of
/// any length, under one of the three row-height strategies.
///
/// The view is held by its `anchor` (the row at the top of the viewport and
/// how many of its lines are scrolled off), never by a content offset, so a
/// row changing height above the viewport cannot move what is on screen.
/// Offsets, the total height and the scrollbar come from a `RowHeightIndex`
/// (exact once every row is measured, estimated before that).
///
/// Every mutating call leaves the rows on screen measured exactly, so a
/// screen renders with the non-mutating `visibleRows()` and
/// `scrollbarThumb(trackHeight:)`, and calls `refine(budget:)` when idle:
///
/// ```swift
/// var layout = ListLayout(rowCount: n, strategy: .estimated, context: context,
///                         viewportHeight: 20, measurer: measurer)
/// layout.scroll(by: 1)                  // after a key
/// for row in layout.visibleRows() { … } // every frame
/// layout.refine(budget: 200)            // when no key is waiting
/// ```
public struct ListLayout: Sendable {
    public private(set) var rowCount: Int
    public private(set) var strategy: RowHeightStrategy
    public private(set) var context: LayoutContext
    public private(set) var viewportHeight: Int
    /// The row on the viewport's top line and how many of its lines are above it.
    public private(set) var anchor: ScrollAnchor = .top

    private let measurer: any RowMeasuring
    private var index: RowHeightIndex
    private var contextTags: [LayoutContext: UInt16] = [:]
    private var contextTag: UInt16 = 0
    /// Exact height / estimate, in 1/256, from the sample taken at the last context change.
    private var estimateCalibrationQ: Int64 = 256
    private var estimateCursor = 0
    private var exactCursor = 0

    /// Rows sampled (estimated and measured) when the context changes.
    static let sampleSize = 32
    /// Per-row estimates `refine` may index for each exact measurement it is allowed.
    static let estimatesPerMeasurement = 16

    public init(
        rowCount: Int, strategy: RowHeightStrategy, context: LayoutContext, viewportHeight: Int,
        measurer: any RowMeasuring
    ) {
        self.rowCount = max(0, rowCount)
        self.strategy = strategy
        self.context = context
        self.viewportHeight = max(1, viewportHeight)
        self.measurer = measurer
        index = RowHeightIndex(count: self.rowCount)
        applyContext()
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

    /// Whether `row`'s height is known exactly in the current context.
    public func isMeasured(row: Int) -> Bool {
        guard row >= 0, row < rowCount else { return false }
        return strategy == .fixed || index.isExact(row)
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
    public func scrollbarThumb(trackHeight: Int) -> (start: Int, length: Int) {
        Self.thumb(track: trackHeight, viewport: viewportHeight, total: totalHeight, offset: contentOffset)
    }

    static func thumb(track: Int, viewport: Int, total: Int, offset: Int) -> (start: Int, length: Int) {
        guard track > 0 else { return (0, 0) }
        guard total > viewport else { return (0, track) }
        let length = min(track, max(1, Int((Double(track) * Double(viewport) / Double(total)).rounded())))
        let room = track - length
        let scrollable = total - viewport
        let clampedOffset = min(max(0, offset), scrollable)
        let start = Int((Double(room) * Double(clampedOffset) / Double(scrollable)).rounded())
        return (min(max(0, start), room), length)
    }

    // MARK: - Context and viewport

    /// Changes the width or the text size. The anchor row keeps its screen
    /// line, or, with `keepingRow` (e.g. the selected row, if on screen), that
    /// row does; only rows on screen and a small sample are measured.
    public mutating func setContext(_ newContext: LayoutContext, keepingRow: Int? = nil) {
        guard newContext != context else { return }
        let kept: (row: Int, line: Int)? = keepingRow.flatMap { row in screenLine(ofRow: row).map { (row, $0) } }
        let anchorLine = -anchor.linesIntoRow
        context = newContext
        applyContext()
        if let kept {
            pin(row: kept.row, atLine: kept.line)
        } else {
            pin(row: anchor.row, atLine: anchorLine)
        }
    }

    /// Changes the number of lines the list has on screen; the top row stays put.
    public mutating func setViewportHeight(_ height: Int) {
        viewportHeight = max(1, height)
        settle()
    }

    // MARK: - Scrolling

    /// Moves the content up by `lines` (down if negative), stopping at either end.
    /// Short moves step row by row, so the view moves by exactly `lines`;
    /// moves longer than two screens jump through the index.
    public mutating func scroll(by lines: Int) {
        guard rowCount > 0, lines != 0 else { return }
        if abs(lines) > 2 * viewportHeight {
            let target = min(max(0, contentOffset + lines), max(0, totalHeight - 1))
            anchor = row(atOffset: target)
        } else if lines > 0 {
            anchor.linesIntoRow += lines
        } else {
            var into = anchor.linesIntoRow + lines
            var row = anchor.row
            while into < 0, row > 0 {
                row -= 1
                into += measure(row)
            }
            anchor = ScrollAnchor(row: row, linesIntoRow: max(0, into))
        }
        settle()
    }

    /// Puts `anchor.row` on the top line, `anchor.linesIntoRow` lines into it
    /// (clamped so the view never runs past the end).
    public mutating func scroll(to newAnchor: ScrollAnchor) {
        anchor = newAnchor
        settle()
    }

    public mutating func scrollToTop() {
        anchor = .top
        settle()
    }

    /// The bottom of the last row on the viewport's last line, laid out upward
    /// from there: O(rows on screen), whatever the estimate above says.
    public mutating func scrollToEnd() {
        var y = viewportHeight
        var row = rowCount - 1
        while row >= 0 {
            let h = measure(row)
            if y - h <= 0 {
                anchor = ScrollAnchor(row: row, linesIntoRow: h - y)
                return
            }
            y -= h
            row -= 1
        }
        anchor = .top
    }

    /// Scrolls as little as possible so that `row` is fully visible (its top,
    /// if it is taller than the viewport).
    public mutating func reveal(row target: Int) {
        guard rowCount > 0 else { return }
        let target = min(max(0, target), rowCount - 1)
        if target < anchor.row || (target == anchor.row && anchor.linesIntoRow > 0) {
            anchor = ScrollAnchor(row: target, linesIntoRow: 0)
            settle()
            return
        }
        var y = -anchor.linesIntoRow
        var row = anchor.row
        while row < target, y < viewportHeight {
            y += measure(row)
            row += 1
        }
        let h = measure(target)
        if row == target, y < viewportHeight, y + h <= viewportHeight { return }
        if h >= viewportHeight {
            anchor = ScrollAnchor(row: target, linesIntoRow: 0)
            settle()
        } else {
            pin(row: target, atLine: viewportHeight - h)
        }
    }

    // MARK: - Refinement

    /// Background refinement, a bounded chunk at a time: indexes up to
    /// `16 × budget` per-row estimates, then measures up to `budget` rows
    /// exactly. Never moves the view, and never moves the scrollbar thumb
    /// (on a track of `trackHeight`, default the viewport height) by more than
    /// one cell: a correction that would is applied only in part and resumed
    /// by the next call. Returns whether work remains.
    @discardableResult
    public mutating func refine(budget: Int, trackHeight: Int? = nil) -> Bool {
        guard strategy == .estimated, rowCount > 0 else { return false }
        guard budget > 0 else { return index.exactCount < rowCount }
        var guardrail = ThumbGuard(
            track: trackHeight ?? viewportHeight, viewport: viewportHeight,
            total: totalHeight, offset: contentOffset
        )
        var estimates = budget * Self.estimatesPerMeasurement
        while estimateCursor < rowCount, estimates > 0 {
            let row = estimateCursor
            if !index.isIndexed(row) {
                estimates -= 1
                guard apply(height: calibratedEstimate(row), toRow: row, exact: false, within: &guardrail) else {
                    return true
                }
            }
            estimateCursor += 1
        }
        var measurements = budget
        var skips = 0
        while index.exactCount < rowCount, measurements > 0, skips < rowCount {
            let row = exactCursor
            if index.isExact(row) {
                skips += 1
            } else {
                measurements -= 1
                guard apply(height: measuredHeight(row), toRow: row, exact: true, within: &guardrail) else {
                    return true
                }
            }
            exactCursor = exactCursor + 1 == rowCount ? 0 : exactCursor + 1
        }
        return index.exactCount < rowCount
    }

    /// Applies as much of a row's new height as the thumb guard allows;
    /// false if it could not apply all of it.
    private mutating func apply(height: Int, toRow row: Int, exact: Bool, within guardrail: inout ThumbGuard) -> Bool {
        let old = index.height(ofRow: row)
        let delta = index.clamped(height) - old
        let aboveView = row < anchor.row
        if guardrail.allows(delta: delta, aboveView: aboveView) {
            index.set(row: row, height: height, exact: exact)
            guardrail.commit(delta: delta, aboveView: aboveView)
            return true
        }
        // The largest part of the correction that keeps the thumb within one cell.
        var allowed = 0, refused = abs(delta)
        while refused - allowed > 1 {
            let mid = (allowed + refused) / 2
            if guardrail.allows(delta: delta.signum() * mid, aboveView: aboveView) { allowed = mid } else { refused = mid }
        }
        if allowed > 0 {
            let partial = delta.signum() * allowed
            index.set(row: row, height: old + partial, exact: false)
            guardrail.commit(delta: partial, aboveView: aboveView)
        }
        return false
    }

    // MARK: - Measuring

    private mutating func applyContext() {
        contextTag = tag(for: context)
        switch strategy {
        case .fixed:
            index.startGeneration(baseQ: Int64(index.clamped(measurer.fixedHeight(in: context))) << 8)
        case .exact:
            index.startGeneration(baseQ: 256)
            let heights = ExactHeights(rowCount: rowCount, measurer: measurer, context: context, maxHeight: index.maxHeight)
            index.indexAllExactly { heights[$0] }
        case .estimated:
            startEstimatedGeneration()
        }
    }

    /// A new generation whose base is the mean exact height of an even sample
    /// of rows, and whose per-row estimates are scaled by how far the sample's
    /// estimates were off. O(sample), whatever the row count.
    private mutating func startEstimatedGeneration() {
        let n = rowCount
        let k = min(n, Self.sampleSize)
        var exactSum = 0, estimateSum = 0
        for j in 0 ..< k {
            let row = (2 * j + 1) * n / (2 * k)
            let exact = measuredHeight(row)
            exactSum += exact
            estimateSum += index.clamped(measurer.estimatedHeight(ofRow: row, in: context))
        }
        let baseQ: Int64 = k > 0 ? (Int64(exactSum) * 256 + Int64(k / 2)) / Int64(k) : 256
        estimateCalibrationQ = estimateSum > 0 ? (Int64(exactSum) * 256 + Int64(estimateSum / 2)) / Int64(estimateSum) : 256
        index.startGeneration(baseQ: baseQ)
        estimateCursor = 0
        exactCursor = min(anchor.row, max(0, n - 1))
    }

    private func calibratedEstimate(_ row: Int) -> Int {
        let estimate = Int64(index.clamped(measurer.estimatedHeight(ofRow: row, in: context)))
        return index.clamped(Int((estimate * estimateCalibrationQ + 128) >> 8))
    }

    /// The exact height of `row` in the current context, from the cache if it has it.
    private mutating func measuredHeight(_ row: Int) -> Int {
        if strategy == .fixed { return index.height(ofRow: row) }
        if let cached = index.cachedHeight(ofRow: row, contextTag: contextTag) { return cached }
        let h = index.clamped(measurer.exactHeight(ofRow: row, in: context))
        index.cache(height: h, ofRow: row, contextTag: contextTag)
        return h
    }

    /// Measures `row` exactly and indexes it; returns its height.
    @discardableResult
    private mutating func measure(_ row: Int) -> Int {
        if strategy == .fixed || index.isExact(row) { return index.height(ofRow: row) }
        let h = measuredHeight(row)
        index.set(row: row, height: h, exact: true)
        return h
    }

    private mutating func tag(for context: LayoutContext) -> UInt16 {
        if let tag = contextTags[context] { return tag }
        if contextTags.count >= Int(UInt16.max) - 1 {
            contextTags = [:]
            index.clearCache()
        }
        let tag = UInt16(contextTags.count + 1)
        contextTags[context] = tag
        return tag
    }

    // MARK: - Keeping the view valid

    /// Puts `row`'s top on viewport line `line`, measuring the rows above it
    /// that come on screen; a row cannot be pushed wholly off the top.
    private mutating func pin(row: Int, atLine line: Int) {
        guard rowCount > 0 else { anchor = .top; return }
        let row = min(max(0, row), rowCount - 1)
        if line <= 0 {
            anchor = ScrollAnchor(row: row, linesIntoRow: min(-line, measure(row) - 1))
        } else {
            var need = line
            var current = row
            while need > 0, current > 0 {
                current -= 1
                need -= measure(current)
            }
            anchor = need > 0 ? .top : ScrollAnchor(row: current, linesIntoRow: -need)
        }
        settle()
    }

    /// Normalises the anchor, measures every row on screen exactly and, if
    /// the content ends above the viewport's bottom, lays out from the end.
    private mutating func settle() {
        guard rowCount > 0 else { anchor = .top; return }
        var row = min(max(0, anchor.row), rowCount - 1)
        var into = max(0, anchor.linesIntoRow)
        var h = measure(row)
        while into >= h, row < rowCount - 1 {
            into -= h
            row += 1
            h = measure(row)
        }
        into = min(into, h - 1)
        anchor = ScrollAnchor(row: row, linesIntoRow: into)
        var y = h - into
        var next = row + 1
        while y < viewportHeight, next < rowCount {
            y += measure(next)
            next += 1
        }
        if y < viewportHeight, anchor != .top { scrollToEnd() }
    }
}
