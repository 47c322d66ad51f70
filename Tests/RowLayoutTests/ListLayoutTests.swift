import Testing
@testable import RowLayout

struct TableMeasurer: RowMeasuring {
    var heights: [Int]
    func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int { heights[row] * (context.category + 1) }
    func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int { 2 }
    func fixedHeight(in context: LayoutContext) -> Int { 2 }
}

@Suite struct ListLayoutTests {
    @Test func visibleRowsTileTheViewport() {
        let layout = ListLayout(rowCount: 5, strategy: .exact, context: LayoutContext(width: 40, category: 0),
                                viewportHeight: 6, measurer: TableMeasurer(heights: [1, 3, 2, 4, 1]))
        let rows = layout.visibleRows()
        #expect(rows.map(\.row) == [0, 1, 2])
        #expect(rows.map(\.y) == [0, 1, 4])
    }

    @Test func endPutsTheLastLineOnTheLastScreenLine() {
        var layout = ListLayout(rowCount: 5, strategy: .exact, context: LayoutContext(width: 40, category: 0),
                                viewportHeight: 4, measurer: TableMeasurer(heights: [1, 3, 2, 4, 1]))
        layout.scrollToEnd()
        let last = layout.visibleRows().last
        #expect(last?.row == 4)
        #expect((last?.y ?? 0) + (last?.height ?? 0) == 4)
    }

    @Test(arguments: RowHeightStrategy.allCases)
    func anEmptyListHasNothingToShowAndNowhereToGo(strategy: RowHeightStrategy) {
        var layout = ListLayout(rowCount: 0, strategy: strategy, context: LayoutContext(width: 40, category: 3),
                                viewportHeight: 10, measurer: TableMeasurer(heights: []))
        layout.scroll(by: 5)
        layout.scrollToEnd()
        layout.reveal(row: 3)
        layout.setContext(LayoutContext(width: 20, category: 8))
        layout.setViewportHeight(3)
        #expect(layout.refine(budget: 10) == false)
        #expect(layout.visibleRows().isEmpty)
        #expect(layout.totalHeight == 0)
        #expect(layout.anchor == .top)
        #expect(layout.row(atOffset: 7) == .top)
        #expect(layout.isAtEnd)
    }
}
