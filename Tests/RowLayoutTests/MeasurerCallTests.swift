import Synchronization
import Testing
@testable import RowLayout

/// How a layout asks its measurer: estimates a run of rows at a time, and the
/// sample that calibrates them as the same rows at every context change, so
/// a measurer over paged rows can read runs together and keep the sample.
@Suite struct MeasurerCallTests {
    final class CallLog: RowMeasuring {
        let singleEstimates = Mutex(0)
        let runs = Mutex<[Range<Int>]>([])
        let samples = Mutex<[[Int]]>([])

        func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int { 1 + row % 4 }

        func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int {
            singleEstimates.withLock { $0 += 1 }
            return 1 + row % 3
        }

        func estimatedHeights(ofRows rows: Range<Int>, in context: LayoutContext) -> [Int] {
            runs.withLock { $0.append(rows) }
            return rows.map { 1 + $0 % 3 }
        }

        func sampleHeights(ofRows rows: [Int], in context: LayoutContext) -> [SampleHeight] {
            samples.withLock { $0.append(rows) }
            return rows.map { SampleHeight(exact: 1 + $0 % 4, estimated: 1 + $0 % 3) }
        }

        func fixedHeight(in context: LayoutContext) -> Int { 2 }
    }

    @Test func refinementEstimatesRunsOfRowsNotRowByRow() {
        let log = CallLog()
        var layout = ListLayout(rowCount: 10_000, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
                                viewportHeight: 20, measurer: log)
        layout.refine(budget: 8)
        #expect(log.runs.withLock { $0 } == [0 ..< 8 * ListLayout.estimatesPerMeasurement])
        while layout.refine(budget: 100) {}
        let runs = log.runs.withLock { $0 }
        #expect(runs.allSatisfy { $0.count > 1 })
        #expect(runs.first?.lowerBound == 0)
        #expect(runs.last?.upperBound == 10_000)
        // Each run starts where the last one stopped: every row estimated, none twice.
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(log.singleEstimates.withLock { $0 } == 0)
        #expect(layout.totalHeight == (0 ..< 10_000).reduce(0) { $0 + 1 + $1 % 4 })
    }

    /// Rows found lazily, like a large search result: reading past `readable` is logged.
    final class LazyRows: RowMeasuring {
        let readable = Mutex(100)
        let readPast = Mutex<[Int]>([])

        private func read(_ row: Int) {
            if row >= readable.withLock({ $0 }) { readPast.withLock { $0.append(row) } }
        }

        func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
            read(row)
            return 1 + row % 4
        }

        func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int {
            read(row)
            return 1 + row % 3
        }

        func sampleHeights(ofRows rows: [Int], in context: LayoutContext) -> [SampleHeight] {
            rows.forEach(read)
            return rows.map { SampleHeight(exact: 1 + $0 % 4, estimated: 1 + $0 % 3) }
        }

        func fixedHeight(in context: LayoutContext) -> Int { 2 }
        var cheaplyReadableRows: Int { readable.withLock { $0 } }
    }

    @Test func refinementStaysWithinTheRowsCheapToReadUntilMoreAreFound() {
        let rows = LazyRows()
        var layout = ListLayout(rowCount: 1_000, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
                                viewportHeight: 20, measurer: rows)
        var slices = 0
        while layout.refine(budget: 8) { slices += 1 }
        #expect(slices > 0)
        #expect(!layout.hasRefinementLeft, "nothing left within the rows found")
        #expect(!layout.isFullyMeasured)
        #expect(rows.readPast.withLock { $0 }.isEmpty, "no row past the first 100 was read")
        // A key went further and found them all: refinement goes on over every row.
        rows.readable.withLock { $0 = 1_000 }
        #expect(layout.hasRefinementLeft)
        while layout.refine(budget: 8) {}
        #expect(layout.isFullyMeasured)
        #expect(layout.totalHeight == (0 ..< 1_000).reduce(0) { $0 + 1 + $1 % 4 })
    }

    @Test func theSampleIsTheSameRowsAtEveryContextChange() {
        let log = CallLog()
        var layout = ListLayout(rowCount: 1_000_000, strategy: .estimated, context: LayoutContext(width: 80, category: 3),
                                viewportHeight: 20, measurer: log)
        layout.setContext(LayoutContext(width: 80, category: 4))
        layout.setViewportHeight(30)
        layout.setContext(LayoutContext(width: 60, category: 4))
        let samples = log.samples.withLock { $0 }
        #expect(samples.count == 3)
        #expect(Set(samples).count == 1)
        #expect(samples.first?.count == ListLayout.sampleSize)
        // Spread over the list, not bunched at its top.
        #expect((samples.first?.last ?? 0) > 900_000)
        #expect(log.singleEstimates.withLock { $0 } == 0)
    }
}
