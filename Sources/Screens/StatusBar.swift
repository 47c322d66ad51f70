import Canvas
import Typesetting

/// The last line: the text size by name, where you are, the latest message,
/// and what keys do.
///
/// A message has priority over everything but the text size: it is shown
/// whole when it can be (the position gives way first, then it is cut with an
/// ellipsis). Key hints fill what is left, the most important first, and are
/// shown in their reading order; at narrow widths the text size loses its
/// "Text size:" label rather than its name.
struct StatusBar {
    var position: String
    /// The category's name ("Large", "AX2").
    var textSize: String
    /// What the last action did; nil when there is nothing to say.
    var message: String?
    /// Key hints in reading order.
    var hints: [StatusHint]

    /// Below this width the text size is shown by its name alone.
    static let labelledWidth = 60

    /// Draws the bar and returns the column just after the position text
    /// (where a search field's cursor goes).
    @discardableResult
    func draw(into frame: inout Frame) -> Int {
        let y = frame.height - 1
        let style = CellStyle(reverse: true)
        frame.fill(x: 0, y: y, width: frame.width, height: 1, style: style)
        let end = frame.width - 1
        var x = 1
        let size = frame.width >= Self.labelledWidth ? "Text size: " + textSize : textSize
        x = frame.write(size, x: x, y: y, style: style)
        let positionWidth = DisplayWidth.columns(of: position)
        var afterPosition = x
        if let message, !message.isEmpty {
            let messageWidth = DisplayWidth.columns(of: message)
            if !position.isEmpty, x + 3 + positionWidth + 3 + messageWidth <= end {
                x = frame.write(" · " + position, x: x, y: y, style: style)
                afterPosition = x
            }
            let room = end - x - 3
            guard room > 0 else { return afterPosition }
            let shown = messageWidth <= room ? message : Self.truncated(message, to: room)
            x = frame.write(" · ", x: x, y: y, style: style)
            x = frame.write(shown, x: x, y: y, style: CellStyle(bold: true, reverse: true))
        } else if !position.isEmpty, x + 3 + positionWidth <= end {
            x = frame.write(" · " + position, x: x, y: y, style: style)
            afterPosition = x
        }
        let shown = Self.fitting(hints, in: end - x - 3)
        if !shown.isEmpty {
            frame.write(" · " + shown.map(\.text).joined(separator: "  "), x: x, y: y, style: style)
        }
        return afterPosition
    }

    /// The most important hints that fit in `room` columns (two between
    /// each), kept in reading order.
    static func fitting(_ hints: [StatusHint], in room: Int) -> [StatusHint] {
        var chosen = Set<Int>()
        var used = 0
        let byPriority = hints.indices.sorted { (hints[$0].priority, $0) < (hints[$1].priority, $1) }
        for index in byPriority {
            let width = DisplayWidth.columns(of: hints[index].text) + (chosen.isEmpty ? 0 : 2)
            // Strictly by priority: a less important hint never takes the place of one that did not fit.
            guard used + width <= room else { break }
            chosen.insert(index)
            used += width
        }
        return hints.indices.filter(chosen.contains).map { hints[$0] }
    }

    /// The end of `text` in at most `width` columns, led by an ellipsis when cut.
    static func tail(of text: String, to width: Int) -> String {
        guard DisplayWidth.columns(of: text) > width else { return text }
        var result = ""
        var used = 1
        for character in text.reversed() {
            let columns = DisplayWidth.columns(of: String(character))
            if used + columns > width { break }
            result.insert(character, at: result.startIndex)
            used += columns
        }
        return "…" + result
    }

    /// `text` cut to `width` columns, ending with an ellipsis.
    static func truncated(_ text: String, to width: Int) -> String {
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.columns(of: String(character))
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}

/// One key hint in the status bar: "? help". Lower priorities are kept longer
/// when the bar is narrow.
struct StatusHint: Hashable {
    var text: String
    var priority: Int

    init(_ text: String, priority: Int) {
        self.text = text
        self.priority = priority
    }
}
