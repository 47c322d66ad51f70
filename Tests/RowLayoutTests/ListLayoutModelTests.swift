import SeededRandom
import Testing
@testable import RowLayout

/// Random sequences of scrolling, text-size changes, resizes and jumps,
/// checked step by step against a layout that measures every row exactly.
@Suite struct ListLayoutModelTests {
    @Test(arguments: RowHeightStrategy.allCases, Array(UInt64(1) ... 12))
    func randomSessionsAgreeWithTheReference(strategy: RowHeightStrategy, seed: UInt64) {
        // A stable number per strategy: hashValue changes from run to run, so a failure could not be replayed.
        let ordinal = UInt64(RowHeightStrategy.allCases.firstIndex(of: strategy) ?? 0)
        var random = SplitMix64(seed: seed &* 7919 &+ ordinal)
        let count = [1, 2, 7, 40, 300][Int.random(in: 0 ..< 5, using: &random)]
        let rows = SyntheticRows(count: count, generator: &random)
        var context = LayoutContext(width: Int.random(in: 12 ... 100, using: &random), category: 3)
        var layout = ListLayout(
            rowCount: count, strategy: strategy, context: context,
            viewportHeight: Int.random(in: 3 ... 40, using: &random), measurer: rows
        )
        var reference = ReferenceLayout(rows: rows, strategy: strategy, context: context)
        checkScreen(layout, reference)

        for _ in 0 ..< 120 {
            let before = reference.contentOffset(of: layout)
            let viewport = layout.viewportHeight
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0, 1:
                let lines = Int.random(in: -2 * viewport ... 2 * viewport, using: &random)
                layout.scroll(by: lines)
                #expect(reference.contentOffset(of: layout) == reference.clamped(before + lines, viewport: viewport),
                        "scroll(by: \(lines)) must move the view by exactly that much")
            case 2:
                layout.scroll(by: Int.random(in: -100_000 ... 100_000, using: &random))
            case 3:
                context.category = min(11, max(0, context.category + (Bool.random(using: &random) ? 1 : -1)))
                reference = changeContext(&layout, to: context, rows: rows, strategy: strategy, random: &random)
            case 4:
                context.width = Int.random(in: 12 ... 100, using: &random)
                reference = changeContext(&layout, to: context, rows: rows, strategy: strategy, random: &random)
            case 5:
                let newViewport = Int.random(in: 1 ... 40, using: &random)
                layout.setViewportHeight(newViewport)
                #expect(reference.contentOffset(of: layout) == reference.clamped(before, viewport: newViewport),
                        "a resize keeps the top row on its screen line")
            case 6:
                layout.scrollToEnd()
                checkEnd(layout, reference)
            case 7:
                let target = Int.random(in: 0 ..< count, using: &random)
                let wasFullyVisible = layout.visibleRows().contains {
                    $0.row == target && $0.y >= 0 && $0.y + $0.height <= viewport
                }
                let anchorBefore = layout.anchor
                layout.reveal(row: target)
                if wasFullyVisible { #expect(layout.anchor == anchorBefore, "revealing a visible row moves nothing") }
                let shown = layout.visibleRows().first { $0.row == target }
                #expect(shown != nil)
                if let shown {
                    #expect(shown.y >= 0)
                    #expect(shown.y + shown.height <= viewport || shown.y == 0)
                }
            case 8:
                let target = Int.random(in: 0 ..< count, using: &random)
                layout.scroll(to: ScrollAnchor(row: target, linesIntoRow: 0))
                #expect(reference.contentOffset(of: layout) == reference.clamped(reference.offsets[target], viewport: viewport))
            default:
                refineOnce(&layout, reference, budget: Int.random(in: 1 ... 40, using: &random))
            }
            checkScreen(layout, reference)
        }

        while layout.refine(budget: 50) {}
        checkScreen(layout, reference)
        #expect(layout.isFullyMeasured)
        #expect(layout.totalHeight == reference.total)
        for row in 0 ... count {
            #expect(layout.offset(ofRow: row) == reference.offsets[row])
        }
        for _ in 0 ..< 50 {
            let y = Int.random(in: 0 ..< reference.total, using: &random)
            let found = layout.row(atOffset: y)
            #expect(reference.offsets[found.row] <= y && y < reference.offsets[found.row + 1])
            #expect(found.linesIntoRow == y - reference.offsets[found.row])
        }
    }

    @Test(arguments: Array(UInt64(100) ... 110))
    func refinementKeepsTheViewAndTheThumbStill(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rows = SyntheticRows(count: 2_000, generator: &random)
        var layout = ListLayout(
            rowCount: 2_000, strategy: .estimated, context: LayoutContext(width: 30, category: 3),
            viewportHeight: 24, measurer: rows
        )
        layout.scroll(to: ScrollAnchor(row: Int.random(in: 0 ..< 2_000, using: &random), linesIntoRow: 1))
        let reference = ReferenceLayout(rows: rows, strategy: .estimated, context: layout.context)
        var passes = 0
        while layout.isFullyMeasured == false {
            refineOnce(&layout, reference, budget: 25)
            passes += 1
        }
        #expect(passes > 1, "a large list is refined over several passes")
        #expect(layout.totalHeight == reference.total)
    }

    @Test(arguments: [0, 150, 1_000, 1_999])
    func correctionsTheThumbCannotAbsorbAreSpreadOverPasses(startRow: Int) {
        let rows = SyntheticRows(tallHeadCount: 2_000)
        var layout = ListLayout(
            rowCount: 2_000, strategy: .estimated, context: LayoutContext(width: 30, category: 3),
            viewportHeight: 24, measurer: rows
        )
        layout.scroll(to: ScrollAnchor(row: startRow, linesIntoRow: 0))
        let reference = ReferenceLayout(rows: rows, strategy: .estimated, context: layout.context)
        var passes = 0
        while layout.isFullyMeasured == false, passes < 10_000 {
            refineOnce(&layout, reference, budget: 50)
            passes += 1
        }
        #expect(layout.isFullyMeasured)
        #expect(layout.totalHeight == reference.total)
        checkScreen(layout, reference)
    }

    @Test func exactLayoutMeasuredByAWorkerIsEstimatedUntilTakenThenMatchesTheReference() {
        var random = SplitMix64(seed: 77)
        let count = 5_003
        let rows = SyntheticRows(count: count, generator: &random)
        let context = LayoutContext(width: 33, category: 5)
        var layout = ListLayout(
            rowCount: count, strategy: .exact, context: LayoutContext(width: 40, category: 5), viewportHeight: 30, measurer: rows)
        #expect(layout.isFullyMeasured, "a layout measures every row itself unless told otherwise")
        layout.measuresEveryRowHere = false
        layout.scroll(to: ScrollAnchor(row: 2_000, linesIntoRow: 1))
        layout.setContext(context)
        #expect(layout.awaitsExactHeights && !layout.isFullyMeasured, "a context change leaves the full layout to a worker")
        let reference = ReferenceLayout(rows: rows, strategy: .exact, context: context)
        checkScreen(layout, reference)
        let before = layout.visibleRows()
        let tookOthers = layout.takeExactHeights(ExactHeights(rowCount: count, measurer: rows, context: LayoutContext(width: 40, category: 5)))
        #expect(!tookOthers, "heights for another context are not these")
        let took = layout.takeExactHeights(ExactHeights(rowCount: count, measurer: rows, context: context))
        #expect(took)
        #expect(!layout.awaitsExactHeights && layout.isFullyMeasured)
        #expect(layout.visibleRows() == before, "taking them leaves the view where it was")
        #expect(layout.totalHeight == reference.total)
        #expect((0 ... count).allSatisfy { layout.offset(ofRow: $0) == reference.offsets[$0] })
        var ahead = layout
        ahead.setContext(LayoutContext(width: 50, category: 5), ahead: [ExactHeights(rowCount: count, measurer: rows, context: LayoutContext(width: 50, category: 5))])
        #expect(!ahead.awaitsExactHeights && ahead.isFullyMeasured, "heights measured ahead are taken at once")
    }

    @Test func aRowStraddlingTheTopEdgeNeverMovesTheView() {
        let rows = SyntheticRows(tallHeadCount: 500)
        var layout = ListLayout(
            rowCount: 500, strategy: .estimated, context: LayoutContext(width: 30, category: 3),
            viewportHeight: 10, measurer: rows
        )
        layout.scroll(to: ScrollAnchor(row: 30, linesIntoRow: 2))
        let before = layout.visibleRows()
        #expect(before.first?.row == 30 && before.first?.y == -2)
        while layout.refine(budget: 40) {}
        #expect(layout.visibleRows() == before, "measuring every row above and below leaves the view where it was")
        layout.setViewportHeight(14)
        #expect(layout.visibleRows().first == before.first, "a taller viewport grows at the bottom")
    }

    @Test func generationsAndContextTagsSurviveWrappingAround() {
        var random = SplitMix64(seed: 3)
        let rows = SyntheticRows(count: 60, generator: &random)
        var layout = ListLayout(
            rowCount: 60, strategy: .estimated, context: LayoutContext(width: 20, category: 3),
            viewportHeight: 8, measurer: rows
        )
        for step in 1 ... Int(UInt16.max) + 10 {
            layout.setContext(LayoutContext(width: 20 + step % 70_000, category: 3))
        }
        let reference = ReferenceLayout(rows: rows, strategy: .estimated, context: layout.context)
        checkScreen(layout, reference)
        while layout.refine(budget: 30) {}
        #expect((0 ... 60).allSatisfy { layout.offset(ofRow: $0) == reference.offsets[$0] })
    }

    @Test func endShowsTheLastLineOfAMillionRows() {
        let count = 1_000_000
        let rows = SyntheticRows(hashedCount: count)
        var layout = ListLayout(
            rowCount: count, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
            viewportHeight: 24, measurer: rows
        )
        #expect(layout.bookkeepingBytes <= 16 * count + 64)
        layout.scrollToEnd()
        let last = layout.visibleRows().last
        #expect(last?.row == count - 1)
        #expect(last.map { $0.y + $0.height } == 24)
        #expect(last?.height == rows.exactHeight(ofRow: count - 1, in: layout.context))

        let topRow = layout.visibleRows()[1]
        layout.setContext(LayoutContext(width: 80, category: 4), keepingRow: topRow.row)
        #expect(layout.screenLine(ofRow: topRow.row) == topRow.y, "the kept row holds its screen line at a million rows")
        layout.scrollToEnd()
        #expect(layout.visibleRows().last.map { $0.y + $0.height } == 24)
    }

    // MARK: - Checks

    /// Applies a context change, keeping either the anchor row or a visible row
    /// on its screen line, and checks that it stayed there.
    private func changeContext(
        _ layout: inout ListLayout, to context: LayoutContext, rows: SyntheticRows, strategy: RowHeightStrategy,
        random: inout SplitMix64
    ) -> ReferenceLayout {
        let visible = layout.visibleRows()
        let kept = Bool.random(using: &random) ? visible.randomElement(using: &random) : nil
        let keptRow = kept?.row ?? layout.anchor.row
        let keptLine = kept?.y ?? -layout.anchor.linesIntoRow
        layout.setContext(context, keepingRow: kept?.row)
        let reference = ReferenceLayout(rows: rows, strategy: strategy, context: context)
        let wanted = keptLine <= 0
            ? reference.offsets[keptRow] + min(-keptLine, reference.heights[keptRow] - 1)
            : reference.offsets[keptRow] - keptLine
        #expect(reference.contentOffset(of: layout) == reference.clamped(wanted, viewport: layout.viewportHeight),
                "row \(keptRow) must stay on screen line \(keptLine)")
        return reference
    }

    private func refineOnce(_ layout: inout ListLayout, _ reference: ReferenceLayout, budget: Int) {
        let rowsBefore = layout.visibleRows()
        let anchorBefore = layout.anchor
        let thumbBefore = layout.scrollbarThumb(trackHeight: layout.viewportHeight)
        layout.refine(budget: budget)
        #expect(layout.visibleRows() == rowsBefore, "refinement never moves the view")
        #expect(layout.anchor == anchorBefore)
        let thumb = layout.scrollbarThumb(trackHeight: layout.viewportHeight)
        #expect(abs(thumb.start - thumbBefore.start) <= 1)
        #expect(abs(thumb.start + thumb.length - thumbBefore.start - thumbBefore.length) <= 1)
    }

    /// Visible rows tile the viewport with no gap or overlap, are measured
    /// exactly, and reach the bottom unless the content is shorter.
    private func checkScreen(_ layout: ListLayout, _ reference: ReferenceLayout) {
        let rows = layout.visibleRows()
        guard let first = rows.first, let last = rows.last else {
            #expect(layout.rowCount == 0)
            return
        }
        #expect(first.row == layout.anchor.row)
        #expect(first.y == -layout.anchor.linesIntoRow)
        #expect(first.y <= 0 && first.y + first.height > 0, "the first row covers the top line")
        for (upper, lower) in zip(rows, rows.dropFirst()) {
            #expect(lower.row == upper.row + 1)
            #expect(lower.y == upper.y + upper.height, "no gap and no overlap")
        }
        for row in rows {
            #expect(row.height == reference.heights[row.row], "row \(row.row) on screen is measured exactly")
        }
        #expect(last.y < layout.viewportHeight)
        if last.y + last.height < layout.viewportHeight {
            #expect(last.row == layout.rowCount - 1)
            #expect(reference.total < layout.viewportHeight && layout.anchor == .top, "a short list starts at the top")
        }
    }

    private func checkEnd(_ layout: ListLayout, _ reference: ReferenceLayout) {
        let last = layout.visibleRows().last
        #expect(last?.row == layout.rowCount - 1)
        if reference.total >= layout.viewportHeight {
            #expect(last.map { $0.y + $0.height } == layout.viewportHeight, "the last row's last line is on the last screen line")
        }
        #expect(layout.isAtEnd)
        let thumb = layout.scrollbarThumb(trackHeight: layout.viewportHeight)
        #expect(thumb.start + thumb.length == layout.viewportHeight)
    }
}
