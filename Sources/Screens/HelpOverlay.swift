import Canvas
import Typesetting

/// `?`: every key, in a box over the current screen.
///
/// The keys and their actions are typeset at the current text size like the
/// rest of the screen (big glyphs at the big sizes), wrap to the box, and
/// stack each key above its action when side by side does not fit. The box
/// keeps the title and status bars visible; when its content is taller than
/// the box, it scrolls (`AppState.helpScroll`) and says there is more.
struct HelpOverlay {
    static let entries: [(keys: String, action: String)] = [
        ("↑ ↓  k j", "move the selection / scroll"),
        ("Ctrl-D Ctrl-U", "half a page down / up"),
        ("PgDn PgUp Space", "page down / up"),
        // Chords stay in the keys: in prose a line may break after the hyphen ("Ctrl-" / "B").
        ("Ctrl-F Ctrl-B", "page down / up"),
        ("Home End  g G", "first / last"),
        ("5j 3↓ 10G", "a count repeats a move; 10G goes to row 10"),
        ("Enter → l", "open the shipment"),
        ("Esc ⌫ ← h", "back; clear the search, then the filter"),
        ("+ =  -  0", "text size bigger / smaller / Large"),
        ("/", "search name, address, id"),
        ("n N", "next / previous match"),
        ("f F", "next / previous status filter"),
        ("s", "sort: manifest, time window, name, status"),
        ("d f p o", "on a shipment: mark delivered / failed / pending / out"),
        ("u", "undo your last status change (on a shipment: its)"),
        ("r x", "a refused change of yours: apply it again / keep theirs"),
        ("y Y", "on a shipment: copy the phone / the address"),
        ("O", "on a shipment: open the address on a map"),
        ("Ctrl-L", "draw the screen again"),
        ("wheel", "scroll"),
        ("?  Esc  q", "close this help (↑ ↓ PgUp PgDn scroll it)"),
        ("q  Ctrl-C", "quit"),
    ]

    let state: AppState

    /// The box: the screen less the title and status bars, and a margin at the sides when there is room.
    static func box(in size: Size) -> Rect {
        let margin = size.width >= 60 ? 2 : 0
        return Rect(x: margin, y: 1, width: max(4, size.width - 2 * margin), height: max(3, size.height - 2))
    }

    /// Content lines the box shows at once (inside its borders).
    static func visibleLines(in size: Size) -> Int { max(1, box(in: size).height - 2) }

    /// One entry, typeset: its keys and its action, and where each goes in the box.
    private struct Placed {
        var keys: TypesetText
        var action: TypesetText
        var actionX: Int
        var actionY: Int
        var height: Int
    }

    /// Whether the entries are drawn on doubled lines: at the sizes the
    /// ladder doubles, arrows and ⌫ are spelt out (a doubled line cannot
    /// hold them), so the help is drawn as the list is, not a rung up in braille.
    private var doublesEntries: Bool {
        [TextStyle.body, .headline].contains { state.typesetter.drawing(for: $0, at: state.category) == .doubled }
    }

    /// The box as drawn: with doubled entries, an even number of columns
    /// wide, so that both its sides stand on the edges of a doubled pair.
    private var box: Rect {
        var box = Self.box(in: state.size)
        if doublesEntries { box.width -= box.width % 2 }
        return box
    }

    /// Every entry typeset for the box's inner width at the current text size.
    private var placed: [Placed] {
        let inner = max(1, box.width - 4)
        let category = state.category
        let shown = doublesEntries
            ? Self.entries.map { (keys: KeySpelling.spelledOut($0.keys), action: KeySpelling.spelledOut($0.action)) } : Self.entries
        // Drawn one way throughout: where a doubled line cannot hold one
        // entry, no entry is doubled.
        let typesetter = state.typesetter.holding(shown.flatMap { [$0.keys, $0.action] })
        let keyWidth = shown.map { DisplayWidth.columns(of: $0.keys) }.max() ?? 0
        // Side by side needs native-size keys and room for a readable action column.
        let sideBySide = typesetter.rowsPerLine(for: .body, at: category) == 1 && inner - keyWidth - 2 >= 16
        // Native-size lines sit close; big glyphs need a gap between entries to read.
        let spacing = sideBySide ? 0 : max(1, typesetter.metrics(for: .body, at: category).spacingAfter)
        // The last line says how big text is drawn: it depends on the terminal (--glyphs, or detected).
        let entries = shown + [("glyphs: \(typesetter.glyphsLabel)", "how big text is drawn here (--glyphs)")]
        return entries.map { entry in
            if sideBySide {
                let keys = typesetter.typeset(entry.keys, style: .body, category: category, width: keyWidth)
                let action = typesetter.typeset(entry.action, style: .body, category: category, width: inner - keyWidth - 2)
                return Placed(keys: keys, action: action, actionX: keyWidth + 2, actionY: 0,
                              height: max(keys.height, action.height) + spacing)
            }
            let keys = typesetter.typeset(entry.keys, style: .headline, category: category, width: inner)
            let action = typesetter.typeset(entry.action, style: .body, category: category, width: max(1, inner - 2))
            return Placed(keys: keys, action: action, actionX: 2, actionY: keys.height,
                          height: keys.height + action.height + spacing)
        }
    }

    /// How far the content can scroll.
    var maximumScroll: Int {
        max(0, placed.reduce(0) { $0 + $1.height } - Self.visibleLines(in: state.size))
    }

    func draw(into frame: inout Frame) {
        var box = box
        let entries = placed
        let contentHeight = entries.reduce(0) { $0 + $1.height }
        // A box no taller than its content.
        box.height = min(box.height, contentHeight + 2)
        let visible = max(1, box.height - 2)
        let scroll = min(max(0, state.helpScroll), max(0, contentHeight - visible))

        // Doubled lines and scaled runs under the box would swallow it.
        frame.clearScaling(x: 0, y: box.y, width: frame.width, height: box.height)
        // The margins beside the box too: the list's selection bar and
        // scrollbar left there read as stray letters (an `l` at the left).
        frame.fill(x: 0, y: box.y, width: frame.width, height: box.height)
        let border = CellStyle(color: .tint)
        if doublesEntries {
            // Lines at the cells' edges, which a doubled row draws where a
            // plain one does (a line in a cell's middle would move half a cell).
            frame.write(String(repeating: "▁", count: box.width), x: box.x, y: box.y, style: border)
            frame.write(String(repeating: "▔", count: box.width), x: box.x, y: box.y + box.height - 1, style: border)
            for row in 1 ..< max(1, box.height - 1) {
                frame.write("▏", x: box.x, y: box.y + row, style: border)
                frame.write("▕", x: box.x + box.width - 1, y: box.y + row, style: border)
            }
        } else {
            let rule = String(repeating: "─", count: max(0, box.width - 2))
            frame.write("┌" + rule + "┐", x: box.x, y: box.y, style: border)
            frame.write("└" + rule + "┘", x: box.x, y: box.y + box.height - 1, style: border)
            for row in 1 ..< max(1, box.height - 1) {
                frame.write("│", x: box.x, y: box.y + row, style: border)
                frame.write("│", x: box.x + box.width - 1, y: box.y + row, style: border)
            }
        }
        frame.write(" Keys ", x: box.x + 2, y: box.y, style: CellStyle(bold: true, color: .tint))
        // The entries, cut at the box's inner edges.
        let inside = Rect(x: box.x + 2, y: box.y + 1, width: max(1, box.width - 4), height: visible)
        frame.clipped(to: inside) { frame in
            var y = inside.y - scroll
            for entry in entries {
                if y + entry.height > inside.y, y < inside.maxY {
                    frame.draw(entry.keys, x: inside.x, y: y, style: CellStyle(bold: true, color: .tint))
                    frame.draw(entry.action, x: inside.x + entry.actionX, y: y + entry.actionY, style: .plain)
                }
                y += entry.height
            }
        }
        if contentHeight > visible {
            let more = scroll < contentHeight - visible ? (scroll > 0 ? " ↑↓ more " : " ↓ more ") : " ↑ more "
            frame.write(more, x: box.x + box.width - 2 - DisplayWidth.columns(of: more), y: box.y + box.height - 1,
                        style: CellStyle(bold: true, color: .tint))
        }
    }
}
