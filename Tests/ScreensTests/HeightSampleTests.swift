import Canvas
import Input
import Model
import RowLayout
import Synchronization
import Testing
import Typesetting
@testable import Screens

/// The rows that calibrate height estimates are read from the source once,
/// together, and kept for every text size; estimates for a run of rows are
/// what each row's estimate is.
@Suite struct HeightSampleTests {
    /// Deliveries that count how they are read.
    final class CountingSource: DeliverySource {
        let rows: InMemoryDeliveries
        let batchReads = Mutex(0)
        let rowsRead = Mutex<Set<Int>>([])

        init(_ rows: InMemoryDeliveries) { self.rows = rows }

        var count: Int { rows.count }

        func delivery(at index: Int) -> Delivery {
            rowsRead.withLock { _ = $0.insert(index) }
            return rows.delivery(at: index)
        }

        func textLengths(at index: Int) -> TextLengths { rows.textLengths(at: index) }

        func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)] {
            batchReads.withLock { $0 += 1 }
            return indices.map { (rows.delivery(at: $0), rows.textLengths(at: $0)) }
        }
    }

    private static let many = InMemoryDeliveries((0 ..< 100).flatMap { _ in SampleData.deliveries.deliveries })

    @Test func textSizeStepsReuseTheSampleReadOnce() {
        let source = CountingSource(Self.many)
        var state = SampleData.state(width: 100, height: 30, source: source)
        // (Counting the title bar's statuses read every row.)
        source.rowsRead.withLock { $0 = [] }
        state.press(.character("+"), .character("+"), .character("-"), .character("-"), .character("-"))
        #expect(source.batchReads.withLock { $0 } == 1)
        // Row by row only the rows on screen: none of the sample spread over the list.
        #expect((source.rowsRead.withLock { $0.max() } ?? 0) < 100)
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func sampleAndRunHeightsAreEachRowsHeights(category: ContentSizeCategory) {
        DisplayWidth.prepareLocale()
        let measurer = DeliveryRowMeasurer(source: Self.many, typesetter: Typesetter())
        let rows = [0, 17, 250, 999, 4_321]
        for width in [30, 79, 120] {
            let context = LayoutContext(width: width, category: category.rawValue)
            let expected = rows.map {
                SampleHeight(exact: measurer.exactHeight(ofRow: $0, in: context), estimated: measurer.estimatedHeight(ofRow: $0, in: context))
            }
            // Asked twice: the second time from the rows kept, measured for this context.
            #expect(measurer.sampleHeights(ofRows: rows, in: context) == expected, "width \(width)")
            #expect(measurer.sampleHeights(ofRows: rows, in: context) == expected, "width \(width)")
            #expect(measurer.estimatedHeights(ofRows: 10 ..< 90, in: context)
                    == (10 ..< 90).map { measurer.estimatedHeight(ofRow: $0, in: context) }, "width \(width)")
        }
    }
}
