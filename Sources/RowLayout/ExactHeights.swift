import Dispatch

/// Every row's exact height, measured up front for the `exact` strategy on
/// all cores: measuring (typesetting) dominates, rows are independent, and
/// `RowMeasuring` is `Sendable`, so the rows are split into chunks measured
/// concurrently. Holds 2 bytes a row only until the index has read them.
final class ExactHeights {
    private let heights: UnsafeMutableBufferPointer<UInt16>

    /// Below this many rows, one thread is quicker than starting others.
    static let parallelThreshold = 4_096

    init(rowCount: Int, measurer: any RowMeasuring, context: LayoutContext, maxHeight: Int) {
        heights = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(1, rowCount))
        let slots = Slots(base: heights.baseAddress)
        @Sendable func measure(_ rows: Range<Int>) {
            for row in rows {
                slots.base?[row] = UInt16(min(max(1, measurer.exactHeightMeasuredOnce(ofRow: row, in: context)), maxHeight))
            }
        }
        guard rowCount >= Self.parallelThreshold else {
            measure(0 ..< rowCount)
            return
        }
        // Many more chunks than cores, so a core that finishes early takes more.
        let chunks = 64
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            measure(chunk * rowCount / chunks ..< (chunk + 1) * rowCount / chunks)
        }
    }

    deinit { heights.deallocate() }

    /// The buffer as the concurrent chunks see it: each writes only its own
    /// rows, and all are done before `init` returns, hence unchecked.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt16>?
    }

    subscript(row: Int) -> Int { Int(heights[row]) }
}
