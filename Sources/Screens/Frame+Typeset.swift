import Canvas
import Typesetting

extension Frame {
    /// Draws typeset lines from (x, y) down, clipped to the frame.
    mutating func draw(_ text: TypesetText, x: Int, y: Int, style: CellStyle) {
        for (offset, line) in text.lines.enumerated() {
            let row = y + offset
            // An image starting above the frame still shows its rows inside.
            if let pixels = line.pixels, row < 0, row + pixels.rows > 0 { addPixelRun(pixels, x: x, y: row) }
            guard row >= 0, row < height, !isHalfCut(line, y: row) else { continue }
            put(line.graphemes, x: x, y: row, style: style)
            markScaling(of: line, x: x, y: row)
        }
    }

    /// Draws typeset lines, each centred in `width` columns starting at `x`.
    mutating func drawCentred(_ text: TypesetText, x: Int, width: Int, y: Int, style: CellStyle) {
        for (offset, line) in text.lines.enumerated() {
            let row = y + offset
            guard row >= 0, row < height else { continue }
            put(line.graphemes, x: x + max(0, (width - line.width) / 2), y: row, style: style)
            markScaling(of: line, x: x + max(0, (width - line.width) / 2), y: row)
        }
    }

    /// True for half of a double-height line whose other half the clip
    /// cuts off: drawn alone it shows the top or bottom of each letter,
    /// which reads as other letters, so the row stays blank instead.
    private func isHalfCut(_ line: TypesetLine, y: Int) -> Bool {
        switch line.lineAttribute {
        case .doubleTop: y + 1 >= clip.maxY
        case .doubleBottom: y - 1 < clip.y
        case .normal, .doubleWide: false
        }
    }

    /// Records what the terminal draws itself for a line: its DEC line
    /// attribute, the OSC 66 run or the image starting on it.
    private mutating func markScaling(of line: TypesetLine, x: Int, y: Int) {
        if line.lineAttribute != .normal { setLineAttribute(line.lineAttribute, y: y) }
        if let pixels = line.pixels { addPixelRun(pixels, x: x, y: y) }
        if let scaled = line.scaled {
            addScaledRun(ScaledRun(x: x, y: y, columns: line.width, graphemes: scaled.graphemes, scale: scaled.scale))
        }
    }

    /// Draws a short piece of native text (titles, the status bar).
    @discardableResult
    mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        put(DisplayWidth.graphemes(of: text), x: x, y: y, style: style)
    }
}
