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
    /// The one height of every row under the `fixed` strategy (at least 1).
    func fixedHeight(in context: LayoutContext) -> Int
    /// How many leading rows can be measured without extra work; the sample
    /// that calibrates estimates stays within them. A search result that has
    /// found only its first matches says so, so that opening it does not
    /// find them all just to sample rows at its end.
    var cheaplyReadableRows: Int { get }
}

extension RowMeasuring {
    public var cheaplyReadableRows: Int { Int.max }

    public func exactHeightMeasuredOnce(ofRow row: Int, in context: LayoutContext) -> Int {
        exactHeight(ofRow: row, in: context)
    }
}
