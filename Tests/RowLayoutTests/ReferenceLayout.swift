@testable import RowLayout

/// The brute-force truth a `ListLayout` is checked against: every row
/// measured exactly, offsets as plain prefix sums.
struct ReferenceLayout {
    let heights: [Int]
    let offsets: [Int]

    init(rows: SyntheticRows, strategy: RowHeightStrategy, context: LayoutContext) {
        let count = rows.nameLengths.count
        heights = (0 ..< count).map { row in
            strategy == .fixed ? rows.fixedHeight(in: context) : rows.exactHeight(ofRow: row, in: context)
        }
        var sums = [0]
        for h in heights { sums.append(sums[sums.count - 1] + h) }
        offsets = sums
    }

    var total: Int { offsets[offsets.count - 1] }

    /// The content line at the top of `layout`'s viewport, in exact terms.
    func contentOffset(of layout: ListLayout) -> Int {
        offsets[layout.anchor.row] + layout.anchor.linesIntoRow
    }

    /// Where a view wanting content line `y` at its top ends up: not above
    /// the first line, not past the last screenful.
    func clamped(_ y: Int, viewport: Int) -> Int {
        min(max(0, y), max(0, total - viewport))
    }
}
