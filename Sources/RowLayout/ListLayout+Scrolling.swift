extension ListLayout {
    // MARK: - Context and viewport

    /// Changes the width or the text size. The anchor row keeps its screen
    /// line, or, with `keepingRow` (e.g. the selected row, if on screen), that
    /// row does; only rows on screen and a small sample are measured.
    /// `ahead`: the `exact` strategy's heights measured by a worker, taken
    /// when one of them is for `newContext`.
    public mutating func setContext(_ newContext: LayoutContext, keepingRow: Int? = nil, ahead: [ExactHeights] = []) {
        guard newContext != context else { return }
        let kept: (row: Int, line: Int)? = keepingRow.flatMap { row in screenLine(ofRow: row).map { (row, $0) } }
        let anchorLine = -anchor.linesIntoRow
        context = newContext
        applyContext(ahead: ahead)
        if let kept {
            pin(row: kept.row, atLine: kept.line)
        } else {
            pin(row: anchor.row, atLine: anchorLine)
        }
    }

    /// Changes the number of lines the list has on screen; the top row stays put.
    public mutating func setViewportHeight(_ height: Int) {
        viewportHeight = max(1, height)
        settle()
    }

    // MARK: - Scrolling

    /// Moves the content up by `lines` (down if negative), stopping at either end.
    /// Short moves step row by row, so the view moves by exactly `lines`;
    /// moves longer than two screens jump through the index.
    public mutating func scroll(by lines: Int) {
        guard rowCount > 0, lines != 0 else { return }
        if abs(lines) > 2 * viewportHeight {
            let target = min(max(0, contentOffset + lines), max(0, totalHeight - 1))
            anchor = row(atOffset: target)
        } else if lines > 0 {
            anchor.linesIntoRow += lines
        } else {
            var into = anchor.linesIntoRow + lines
            var row = anchor.row
            while into < 0, row > 0 {
                row -= 1
                into += measure(row)
            }
            anchor = ScrollAnchor(row: row, linesIntoRow: max(0, into))
        }
        settle()
    }

    /// Puts `anchor.row` on the top line, `anchor.linesIntoRow` lines into it
    /// (clamped so the view never runs past the end).
    public mutating func scroll(to newAnchor: ScrollAnchor) {
        anchor = newAnchor
        settle()
    }

    public mutating func scrollToTop() {
        anchor = .top
        settle()
    }

    /// The bottom of the last row on the viewport's last line, laid out upward
    /// from there: O(rows on screen), whatever the estimate above says.
    public mutating func scrollToEnd() {
        var y = viewportHeight
        var row = rowCount - 1
        while row >= 0 {
            let h = measure(row)
            if y - h <= 0 {
                anchor = ScrollAnchor(row: row, linesIntoRow: h - y)
                return
            }
            y -= h
            row -= 1
        }
        anchor = .top
    }

    /// Scrolls as little as possible so that `row` is fully visible (its top,
    /// if it is taller than the viewport).
    public mutating func reveal(row target: Int) {
        guard rowCount > 0 else { return }
        let target = min(max(0, target), rowCount - 1)
        if target < anchor.row || (target == anchor.row && anchor.linesIntoRow > 0) {
            anchor = ScrollAnchor(row: target, linesIntoRow: 0)
            settle()
            return
        }
        var y = -anchor.linesIntoRow
        var row = anchor.row
        while row < target, y < viewportHeight {
            y += measure(row)
            row += 1
        }
        let h = measure(target)
        if row == target, y < viewportHeight, y + h <= viewportHeight { return }
        if h >= viewportHeight {
            anchor = ScrollAnchor(row: target, linesIntoRow: 0)
            settle()
        } else {
            pin(row: target, atLine: viewportHeight - h)
        }
    }

    // MARK: - Keeping the view valid

    /// Puts `row`'s top on viewport line `line`, measuring the rows above it
    /// that come on screen; a row cannot be pushed wholly off the top.
    /// Exact whatever the rows above are estimated at.
    public mutating func pin(row: Int, atLine line: Int) {
        guard rowCount > 0 else { anchor = .top; return }
        let row = min(max(0, row), rowCount - 1)
        if line <= 0 {
            anchor = ScrollAnchor(row: row, linesIntoRow: min(-line, measure(row) - 1))
        } else {
            var need = line
            var current = row
            while need > 0, current > 0 {
                current -= 1
                need -= measure(current)
            }
            anchor = need > 0 ? .top : ScrollAnchor(row: current, linesIntoRow: -need)
        }
        settle()
    }

    /// Normalises the anchor, measures every row on screen exactly and, if
    /// the content ends above the viewport's bottom, lays out from the end.
    mutating func settle() {
        guard rowCount > 0 else { anchor = .top; return }
        var row = min(max(0, anchor.row), rowCount - 1)
        var into = max(0, anchor.linesIntoRow)
        var h = measure(row)
        while into >= h, row < rowCount - 1 {
            into -= h
            row += 1
            h = measure(row)
        }
        into = min(into, h - 1)
        anchor = ScrollAnchor(row: row, linesIntoRow: into)
        var y = h - into
        var next = row + 1
        while y < viewportHeight, next < rowCount {
            y += measure(next)
            next += 1
        }
        if y < viewportHeight, anchor != .top { scrollToEnd() }
    }
}
