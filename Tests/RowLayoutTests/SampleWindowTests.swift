import Synchronization
import Testing
@testable import RowLayout

/// A source that finds its rows lazily (a large search result) says how many
/// are cheap to read; opening a list must not measure rows beyond them.
@Suite struct SampleWindowTests {
    final class RecordingMeasurer: RowMeasuring {
        let cheaplyReadableRows: Int
        let highestRowMeasured = Mutex(-1)

        init(cheaplyReadableRows: Int) {
            self.cheaplyReadableRows = cheaplyReadableRows
        }

        func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
            highestRowMeasured.withLock { $0 = max($0, row) }
            return 1 + row % 3
        }

        func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int { 2 }
        func fixedHeight(in context: LayoutContext) -> Int { 2 }
    }

    @Test(arguments: [100, 5000])
    func openingAndResizingMeasureOnlyCheapRows(cheap: Int) {
        let measurer = RecordingMeasurer(cheaplyReadableRows: cheap)
        var layout = ListLayout(rowCount: 100_000, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
                                viewportHeight: 20, measurer: measurer)
        layout.setContext(LayoutContext(width: 60, category: 4))
        #expect(measurer.highestRowMeasured.withLock { $0 } < cheap)
        // Scrolling to the end still measures the rows it shows.
        layout.scrollToEnd()
        #expect(layout.visibleRows().last?.row == 99_999)
    }

    @Test func withoutAHintTheSampleSpansTheList() {
        final class Plain: RowMeasuring {
            let highest = Mutex(-1)
            func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
                highest.withLock { $0 = max($0, row) }
                return 1
            }
            func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int { 1 }
            func fixedHeight(in context: LayoutContext) -> Int { 1 }
        }
        let measurer = Plain()
        _ = ListLayout(rowCount: 100_000, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
                       viewportHeight: 20, measurer: measurer)
        #expect(measurer.highest.withLock { $0 } > 90_000)
    }
}
