import Canvas
import Model
import Typesetting

/// `?`: every key of the screen it is opened from, what the badges mean,
/// and the help's own keys, in a box over that screen.
///
/// One table per screen, so no key is listed with two meanings (`f` filters
/// the list and marks a shipment failed). The keys and their actions are
/// typeset at the current text size like the rest of the screen (big glyphs
/// at the big sizes), wrap to the box, and stack each key above its action
/// when side by side does not fit; a key name is never split across lines.
/// The box keeps the title and status bars visible; when its content is
/// taller than the box, it scrolls (`AppState.helpScroll`) and says there is more.
struct HelpOverlay {
    /// A line of the help: keys and what they do, or a heading (no action).
    typealias Entry = (keys: String, action: String)

    static let deliveriesEntries: [Entry] = [
        ("Deliveries", ""),
        ("↑ ↓  k j", "move the selection"),
        ("Ctrl-D Ctrl-U", "half a page down / up"),
        ("PgDn PgUp Space", "page down / up (also Ctrl-F Ctrl-B)"),
        ("Home End  g G", "first / last delivery"),
        ("5j 3↓ 10G", "a count repeats a move; 10G goes to row 10 (a 0 after digits is part of the count)"),
        ("Enter → l", "open the shipment"),
        ("click", "select the delivery clicked (Enter opens it)"),
        ("/", "search name, address, id as you type (Enter keeps it, Esc cancels it)"),
        ("n N", "next / previous match"),
        ("f F", "next / previous status filter"),
        ("L", "only the late deliveries (L again: all)"),
        ("s", "sort: manifest, time window, name, status"),
        ("Esc ⌫ ← h", "clear the search, then the filter, then the late view"),
        ("u", "undo your last status change, whichever delivery it was"),
    ] + commonEntries

    static let shipmentEntries: [Entry] = [
        ("Shipment", ""),
        ("↑ ↓  k j", "scroll"),
        ("Ctrl-D Ctrl-U", "half a page down / up"),
        ("PgDn PgUp Space", "page down / up (also Ctrl-F Ctrl-B)"),
        ("Home End  g G", "top / bottom"),
        ("5j", "a count repeats a move (a 0 after digits is part of the count)"),
        ("d f p o", "mark delivered / failed / pending / out for delivery"),
        ("u", "undo your last status change of this delivery"),
        ("y Y", "copy the phone / the address"),
        ("O", "open the address on a map"),
        ("Esc ⌫ ← h", "back to the list"),
    ] + commonEntries

    /// The keys both screens share, the badges and this help's own keys.
    static let commonEntries: [Entry] = [
        ("+ =  -  0", "text size bigger / smaller / Large"),
        ("r x", "a refused change of yours: apply it again / keep theirs"),
        ("Ctrl-L", "draw the screen again"),
        ("wheel", "scroll"),
        ("q  Ctrl-C", "quit"),
        ("Status badges", ""),
        ("○", "pending"),
        ("▸", "out for delivery"),
        ("✓", "delivered"),
        ("✗", "failed"),
        ("late", "its window has ended and it is still to deliver"),
        ("In this help", ""),
        ("?  Esc  q", "close it"),
        ("↑ ↓ PgUp PgDn", "scroll it; other keys act on the screen behind"),
    ]

    /// The table for the screen the help is opened from.
    static func entries(for route: Route) -> [Entry] {
        switch route {
        case .deliveries: deliveriesEntries
        case .shipment: shipmentEntries
        }
    }

    /// `text` with no line break inside a key or option name: a word joiner
    /// (U+2060, no column) after each `Ctrl-` and `--`, which would otherwise end a line.
    static func unbreakable(_ text: String) -> String {
        text.replacingOccurrences(of: "Ctrl-", with: "Ctrl-\u{2060}").replacingOccurrences(of: "--", with: "--\u{2060}")
    }

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
        /// Lines above the keys (a heading's gap).
        var keysY = 0
        var keysStyle = CellStyle(bold: true, color: .tint)
    }

    /// Whether the entries are drawn on doubled lines: at the sizes the
    /// ladder doubles, arrows and ⌫ are spelt out (a doubled line cannot
    /// hold them), so the help is drawn as the list is, not a rung up in braille.
    private var doublesEntries: Bool {
        [TextStyle.body, .headline].contains { state.typesetter.drawing(for: $0, at: state.category) == .doubled }
    }

    /// The screen's table as shown: arrows and ⌫ spelt out where the entries are doubled.
    private var shownEntries: [Entry] {
        let table = Self.entries(for: state.route)
        guard doublesEntries else { return table }
        return table.map { (keys: KeySpelling.spelledOut($0.keys), action: KeySpelling.spelledOut($0.action)) }
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
        let table = shownEntries
        // Drawn one way throughout: where a doubled line cannot hold one
        // entry, no entry is doubled.
        let typesetter = state.typesetter.holding(table.flatMap { [$0.keys, $0.action] })
        let category = state.category
        // The last line says how big text is drawn: it depends on the terminal (--glyphs, or detected).
        let entries = table + [("glyphs: \(typesetter.glyphsLabel)", "how big text is drawn here (--glyphs)")]
        // The screen's own keys set the column; the glyphs line wraps in it rather than widen it.
        let keyWidth = table.filter { !$0.action.isEmpty }.map { DisplayWidth.columns(of: $0.keys) }.max() ?? 0
        // Side by side needs native-size keys and room for a readable action column.
        let sideBySide = typesetter.rowsPerLine(for: .body, at: category) == 1 && inner - keyWidth - 2 >= 16
        // Native-size lines sit close; big glyphs need a gap between entries to read.
        let spacing = sideBySide ? 0 : max(1, typesetter.metrics(for: .body, at: category).spacingAfter)
        return entries.enumerated().map { index, entry in
            let entry = (keys: Self.unbreakable(entry.keys), action: Self.unbreakable(entry.action))
            if entry.action.isEmpty {
                // A heading, with a line above it but for the first.
                let heading = typesetter.typeset(entry.keys.uppercased(), style: .footnote, category: category, width: inner)
                let gap = index == 0 ? 0 : 1
                return Placed(keys: heading, action: TypesetText(lines: [], isBold: false), actionX: 0, actionY: 0,
                              height: gap + heading.height + (sideBySide ? 0 : spacing), keysY: gap, keysStyle: CellStyle(bold: true))
            }
            // A badge in its own colour, as on the list.
            let badge = DeliveryStatus.allCases.first { StatusBadge.symbol(for: $0) == entry.keys }
            let keysStyle = CellStyle(bold: true, color: badge.map { StatusBadge(status: $0, category: category).color } ?? .tint)
            if sideBySide {
                let keys = typesetter.typeset(entry.keys, style: .body, category: category, width: keyWidth)
                let action = typesetter.typeset(entry.action, style: .body, category: category, width: inner - keyWidth - 2)
                return Placed(keys: keys, action: action, actionX: keyWidth + 2, actionY: 0,
                              height: max(keys.height, action.height) + spacing, keysStyle: keysStyle)
            }
            let keys = typesetter.typeset(entry.keys, style: .headline, category: category, width: inner)
            let action = typesetter.typeset(entry.action, style: .body, category: category, width: max(1, inner - 2))
            return Placed(keys: keys, action: action, actionX: 2, actionY: keys.height,
                          height: keys.height + action.height + spacing, keysStyle: keysStyle)
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

        // Doubled lines and scaled runs under the box would swallow it. Beside
        // it, what is left of a row (a cut glyph, the `l` of a late mark) would
        // read as part of the box: the margins are cleared too.
        frame.clearScaling(x: 0, y: box.y, width: frame.width, height: box.height)
        frame.fill(x: 0, y: box.y, width: box.x, height: box.height)
        frame.fill(x: box.x + box.width, y: box.y, width: max(0, frame.width - box.x - box.width), height: box.height)
        frame.fill(x: box.x, y: box.y, width: box.width, height: box.height)
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
                    frame.draw(entry.keys, x: inside.x, y: y + entry.keysY, style: entry.keysStyle)
                    frame.draw(entry.action, x: inside.x + entry.actionX, y: y + entry.actionY, style: .plain)
                }
                y += entry.height
            }
        }
        // Magnifiers and braille displays follow the cursor: the help's first line shown.
        frame.cursor = (x: inside.x, y: inside.y)
        frame.hidesCursor = !state.showsCursor
        if contentHeight > visible {
            let more = scroll < contentHeight - visible ? (scroll > 0 ? " ↑↓ more " : " ↓ more ") : " ↑ more "
            frame.write(more, x: box.x + box.width - 2 - DisplayWidth.columns(of: more), y: box.y + box.height - 1,
                        style: CellStyle(bold: true, color: .tint))
        }
    }
}
