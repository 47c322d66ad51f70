extension Frame {
    /// Cell (x, y) as a terminal should write it: `Cell.asWritten`, and a
    /// blank right of a half-block glyph in the same style made italic.
    ///
    /// Fonts draw ▄ a little wider than the cell (DejaVu Sans Mono 11 in
    /// xterm: 0.4 px into the cell at its right), and a terminal draws a
    /// run of cells of one style as one background, then the glyphs: the
    /// overflow stays as a grey sliver in the blank beside it, which a
    /// repaint after clearing the screen keeps too (a cleared blank is not
    /// written again). Italic shows nothing on a blank, but ends the run, so
    /// the terminal paints the blank's background after the glyph, over the
    /// overflow, and a plain blank is a cell curses writes after a clear.
    public func written(x: Int, y: Int) -> Cell {
        var cell = self[x, y].asWritten
        guard x > 0, cell.grapheme == " " else { return cell }
        let left = self[x - 1, y].asWritten
        if left.grapheme == Cell.halfBlockGlyph, left.style == cell.style { cell.style.italic = true }
        return cell
    }

    /// True when row `y` writes a half-block glyph where `other` wrote
    /// something else, or the other way round: its overflow into the cell to
    /// the right is painted over only when the whole row is written again.
    public func changesHalfBlocks(from other: Frame, y: Int) -> Bool {
        guard other.width == width, y < height, y < other.height else { return true }
        return (0 ..< width).contains { x in
            self[x, y] != other[x, y]
                && (self[x, y].asWritten.grapheme == Cell.halfBlockGlyph || other[x, y].asWritten.grapheme == Cell.halfBlockGlyph)
        }
    }
}
