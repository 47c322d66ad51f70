extension Frame {
    /// Marks row `y` as a DEC double-size line. Its cells hold the text at
    /// twice the spacing (a character, then a blank), which is both the plain
    /// fallback and what a terminal shows at half resolution.
    public mutating func setLineAttribute(_ attribute: LineAttribute, y: Int) {
        guard y >= clip.y, y < clip.maxY else { return }
        lineAttributes[y] = attribute
    }

    /// Adds a run the terminal scales itself; nothing is added when it would
    /// not fit inside the clip (the fallback cells stay): a cut run would
    /// spill out of its area.
    public mutating func addScaledRun(_ run: ScaledRun) {
        guard run.x >= clip.x, run.y >= clip.y, run.x + run.columns <= clip.maxX, run.y + run.rows <= clip.maxY else { return }
        scaledRuns.append(run)
    }

    /// Shows `line`'s image with its top-left cell at (`x`, `y`): only the
    /// part inside the clip, in whole cells (a line cut by the top or bottom
    /// of a list shows its rows inside). Nothing is added when no cell of it
    /// is inside.
    public mutating func addPixelRun(_ line: PixelLine, x: Int, y: Int) {
        let box = Rect(x: x, y: y, width: line.columns, height: line.rows)
        let shown = clip.intersection(box)
        guard shown.width > 0, shown.height > 0 else { return }
        let visible = Rect(x: shown.x - x, y: shown.y - y, width: shown.width, height: shown.height)
        pixelRuns.append(PixelRun(x: shown.x, y: shown.y, line: line, visible: visible))
    }

    /// Turns the rows of a rectangle back into plain lines and drops the
    /// scaled runs and images it touches: what an overlay drawn over them
    /// needs, since a doubled line, a scaled run or an image cannot show
    /// anything else inside it.
    public mutating func clearScaling(x: Int, y: Int, width w: Int, height h: Int) {
        for row in max(0, y) ..< min(height, y + h) { lineAttributes[row] = .normal }
        scaledRuns.removeAll { $0.intersects(x: x, y: y, width: w, height: h) }
        pixelRuns.removeAll { $0.intersects(x: x, y: y, width: w, height: h) }
    }

    /// True when the terminal, not the cell grid, draws cell (x, y): it is on
    /// a doubled line, under a scaled run or under an image.
    public func isCovered(x: Int, y: Int) -> Bool {
        if lineAttributes[y] != .normal { return true }
        for run in scaledRuns where run.covers(x: x, y: y) { return true }
        for run in pixelRuns where run.covers(x: x, y: y) { return true }
        return false
    }

    /// True when any row is doubled, any text scaled or any shown as an image.
    public var hasScaling: Bool { !scaledRuns.isEmpty || !pixelRuns.isEmpty || lineAttributes.contains { $0 != .normal } }
}
