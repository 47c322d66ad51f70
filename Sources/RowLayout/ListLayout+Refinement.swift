extension ListLayout {
    // MARK: - Refinement

    /// Background refinement, a bounded chunk at a time: estimates the next
    /// `16 × budget` rows (indexing those not yet indexed), then measures up to `budget` rows
    /// exactly. Never moves the view, and never moves the scrollbar thumb
    /// (on a track of `trackHeight`, default the viewport height) by more than
    /// one cell: a correction that would is applied only in part and resumed
    /// by the next call. Only the rows cheap to read are refined
    /// (`refinableRows`). Returns whether work remains.
    @discardableResult
    public mutating func refine(budget: Int, trackHeight: Int? = nil) -> Bool {
        guard strategy == .estimated, rowCount > 0 else { return false }
        let refinable = refinableRows
        guard budget > 0 else { return index.exactCount < refinable }
        var guardrail = ThumbGuard(
            track: trackHeight ?? viewportHeight, viewport: viewportHeight,
            total: totalHeight, offset: contentOffset
        )
        var estimates = budget * Self.estimatesPerMeasurement
        while estimateCursor < refinable, estimates > 0 {
            // A run at a time: the measurer reads the run's figures together.
            let run = estimateCursor ..< min(refinable, estimateCursor + estimates)
            estimates -= run.count
            for (row, estimate) in zip(run, measurer.estimatedHeights(ofRows: run, in: context)) where !index.isIndexed(row) {
                guard apply(height: calibrated(estimate: estimate), toRow: row, exact: false, within: &guardrail) else {
                    estimateCursor = row
                    return true
                }
            }
            estimateCursor = run.upperBound
        }
        var measurements = budget
        var skips = 0
        if exactCursor >= refinable { exactCursor = 0 }
        while index.exactCount < refinable, measurements > 0, skips < refinable {
            let row = exactCursor
            if index.isExact(row) {
                skips += 1
            } else {
                measurements -= 1
                guard apply(height: measuredHeight(row), toRow: row, exact: true, within: &guardrail) else {
                    return true
                }
            }
            exactCursor = exactCursor + 1 >= refinable ? 0 : exactCursor + 1
        }
        return index.exactCount < refinable
    }

    /// The rows refinement reaches: every row, unless the measurer reads
    /// rows lazily (a large search result that has found only its first
    /// matches), whose later rows would be found in one long read on the
    /// loop. Those keep their estimate until a key goes there and finds them.
    var refinableRows: Int { min(rowCount, measurer.cheaplyReadableRows) }

    /// Whether `refine` has work left on the rows it reaches.
    public var hasRefinementLeft: Bool { strategy == .estimated && index.exactCount < refinableRows }

    /// Applies as much of a row's new height as the thumb guard allows;
    /// false if it could not apply all of it.
    mutating func apply(height: Int, toRow row: Int, exact: Bool, within guardrail: inout ThumbGuard) -> Bool {
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
}
