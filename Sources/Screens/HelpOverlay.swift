import Canvas
import Typesetting

/// `?`: every key, in a box over the current screen.
struct HelpOverlay {
    /// How big text is drawn, shown under the keys: it depends on the terminal.
    var glyphs: GlyphMode = .automatic

    static let entries: [(keys: String, action: String)] = [
        ("↑ ↓  k j", "move the selection / scroll"),
        ("PgUp PgDn Space", "page up / down"),
        ("Home End  g G", "first / last"),
        ("Enter → l", "open the shipment"),
        ("Esc ⌫ ← h", "back to the deliveries"),
        ("+ =  -  0", "text size bigger / smaller / Large"),
        ("/", "search name, address, id"),
        ("s", "cycle the status filter"),
        ("d f p o", "mark delivered / failed / pending / out"),
        ("u", "undo the last status change"),
        ("wheel", "scroll"),
        ("?", "this help"),
        ("q  Ctrl-C", "quit"),
    ]

    func draw(into frame: inout Frame) {
        let keyWidth = Self.entries.map { DisplayWidth.columns(of: $0.keys) }.max() ?? 0
        let actionWidth = Self.entries.map { DisplayWidth.columns(of: $0.action) }.max() ?? 0
        let width = min(frame.width, keyWidth + actionWidth + 6)
        let height = min(frame.height, Self.entries.count + 5)
        let x = (frame.width - width) / 2
        let y = (frame.height - height) / 2
        // Doubled lines and scaled runs under the box would swallow it.
        frame.clearScaling(x: x, y: y, width: width, height: height)
        frame.fill(x: x, y: y, width: width, height: height)
        let border = CellStyle(color: .tint)
        frame.write("┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", x: x, y: y, style: border)
        frame.write("└" + String(repeating: "─", count: max(0, width - 2)) + "┘", x: x, y: y + height - 1, style: border)
        for row in 1 ..< max(1, height - 1) {
            frame.write("│", x: x, y: y + row, style: border)
            frame.write("│", x: x + width - 1, y: y + row, style: border)
        }
        frame.write(" Keys ", x: x + 2, y: y, style: CellStyle(bold: true, color: .tint))
        for (index, entry) in Self.entries.enumerated() where index + 2 < height - 1 {
            let line = y + 2 + index
            frame.write(entry.keys, x: x + 2, y: line, style: CellStyle(bold: true))
            frame.write(entry.action, x: x + 4 + keyWidth, y: line)
            // Keep the right border when the box is narrower than its text.
            frame.write("│", x: x + width - 1, y: line, style: border)
        }
        if Self.entries.count + 3 < height - 1 {
            frame.write("glyphs: \(glyphs.rawValue)", x: x + 2, y: y + Self.entries.count + 3, style: CellStyle(dim: true))
        }
    }
}
