/// Supplies row heights to a `ListLayout`; the screens implement it with the typesetter.
///
/// Must be safe to call from several threads at once: the `exact` strategy
/// measures a large list on every core. Heights are cached by the layout per
/// (row, width, category), so a measurer need not cache them itself.
public protocol RowMeasuring: Sendable {
    /// The row's exact height in terminal lines (at least 1).
    func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int
    /// `exactHeight` for a row measured once among many (the `exact`
    /// strategy's full layout): the same answer, but a measurer may skip
    /// caches that only pay off for rows measured again.
    func exactHeightMeasuredOnce(ofRow row: Int, in context: LayoutContext) -> Int
    /// A cheap guess at the row's height, without wrapping text (at least 1).
    func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int
    /// `estimatedHeight` of each row of a run, in order. Idle refinement
    /// estimates thousands of rows a slice: a measurer can read the run's
    /// figures at once and work out what depends only on the context once.
    func estimatedHeights(ofRows rows: Range<Int>, in context: LayoutContext) -> [Int]
    /// The exact height and the estimate of each of the rows that calibrate
    /// estimates. The same rows are asked for at every context change (a
    /// text-size step, a resize), so a measurer over paged rows can read them
    /// together once and keep them, rather than a page for each row each time.
    func sampleHeights(ofRows rows: [Int], in context: LayoutContext) -> [SampleHeight]
    /// The one height of every row under the `fixed` strategy (at least 1).
    func fixedHeight(in context: LayoutContext) -> Int
    /// How many leading rows can be measured without extra work; the sample
    /// that calibrates estimates stays within them. A search result that has
    /// found only its first matches says so, so that opening it does not
    /// find them all just to sample rows at its end.
    var cheaplyReadableRows: Int { get }
}

/// A sample row's heights (`RowMeasuring.sampleHeights`).
public struct SampleHeight: Sendable, Hashable {
    public var exact: Int
    public var estimated: Int

    public init(exact: Int, estimated: Int) {
        self.exact = exact
        self.estimated = estimated
    }
}

extension RowMeasuring {
    public var cheaplyReadableRows: Int { Int.max }

    public func estimatedHeights(ofRows rows: Range<Int>, in context: LayoutContext) -> [Int] {
        rows.map { estimatedHeight(ofRow: $0, in: context) }
    }

    public func sampleHeights(ofRows rows: [Int], in context: LayoutContext) -> [SampleHeight] {
        rows.map { SampleHeight(exact: exactHeight(ofRow: $0, in: context), estimated: estimatedHeight(ofRow: $0, in: context)) }
    }

    public func exactHeightMeasuredOnce(ofRow row: Int, in context: LayoutContext) -> Int {
        exactHeight(ofRow: row, in: context)
    }
}
