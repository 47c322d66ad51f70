import Canvas
import Model
import Typesetting

/// The last line: the text size by name, a count being typed, where you
/// are, the latest message, and what keys do.
///
/// A message is shown whole: in the bar when it fits beside the text size,
/// the count, the position and the hint kept longest (the size keys), else
/// wrapped onto lines of its own above the bar, as many as it needs up to
/// half the screen, while the bar keeps the position and hints. Key
/// hints fill what is left, the most important first, and are shown in their
/// reading order; at narrow widths the text size loses its "Text size:"
/// label rather than its name.
struct StatusBar {
    var position: String
    /// The category's name ("Large", "AX2").
    var textSize: String
    /// What the last action did; nil when there is nothing to say.
    var message: String?
    /// Key hints in reading order.
    var hints: [StatusHint]
    /// A count typed for the next key (`5` of `5j`), shown while it waits, as vim and less show it.
    var count: Int?

    init(position: String, textSize: String, message: String?, hints: [StatusHint], count: Int? = nil) {
        self.position = position
        self.textSize = textSize
        self.message = message
        self.hints = hints
        self.count = count
    }

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
        if let count {
            x = frame.write(" · ", x: x, y: y, style: style)
            x = frame.write("count " + GroupedDigits.text(count), x: x, y: y, style: CellStyle(bold: true, reverse: true))
        }
        let positionWidth = DisplayWidth.columns(of: position)
        var afterPosition = x
        if let message, !message.isEmpty {
            let messageWidth = DisplayWidth.columns(of: message)
            // The position and the hint kept longest (the size keys) stay
            // beside a message: one that would crowd them out goes onto lines
            // of its own above the bar instead.
            let keptHint = hints.min { $0.priority < $1.priority }.map { 3 + DisplayWidth.columns(of: $0.text) } ?? 0
            let positionRoom = position.isEmpty ? 0 : 3 + positionWidth
            if x + positionRoom + 3 + messageWidth + keptHint <= end {
                if !position.isEmpty {
                    x = frame.write(" · " + position, x: x, y: y, style: style)
                    afterPosition = x
                }
                x = frame.write(" · ", x: x, y: y, style: style)
                x = frame.write(message, x: x, y: y, style: CellStyle(bold: true, reverse: true))
            } else {
                drawAbove(message, into: &frame)
                if !position.isEmpty, x + 3 + positionWidth <= end {
                    x = frame.write(" · " + position, x: x, y: y, style: style)
                    afterPosition = x
                }
            }
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

    /// Lines a message may take above the bar: up to half the screen's rows
    /// between the title and the bar (a notice says what happened; the
    /// screen behind it comes back at the next key or its timer).
    static func messageLineLimit(screenHeight: Int) -> Int { max(1, (screenHeight - 2) / 2) }

    /// A message too long for the bar, wrapped at its spaces onto lines of
    /// their own just above it, drawn over whatever is there.
    private func drawAbove(_ message: String, into frame: inout Frame) {
        let width = max(1, frame.width - 2)
        let wrapped = Typesetter(glyphs: .native).typeset(
            message, style: .body, category: .large, width: width, lineLimit: Self.messageLineLimit(screenHeight: frame.height))
        let top = frame.height - 1 - wrapped.lines.count
        let style = CellStyle(bold: true, reverse: true)
        // A doubled line or a scaled run there would swallow the message.
        frame.clearScaling(x: 0, y: top, width: frame.width, height: wrapped.lines.count)
        for (offset, line) in wrapped.lines.enumerated() where top + offset >= 1 {
            frame.fill(x: 0, y: top + offset, width: frame.width, height: 1, style: style)
            frame.put(line.graphemes, x: 1, y: top + offset, style: style)
        }
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
