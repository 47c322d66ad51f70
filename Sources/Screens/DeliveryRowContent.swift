import Canvas
import Model
import RowLayout
import Typesetting

/// The cell spec of one Deliveries row: its texts typeset for a width and a
/// text size, and where each goes. Measuring a row and drawing it use the
/// same spec, so a row is always exactly as tall as it was measured.
///
///      ▸ Feng Wong                   <- badge, name (Headline)
///        1 Infinite Loop, Cupertino  <- address (Subhead), wrapped
///        09:00-12:00                 <- window (Caption 1), only when present
struct DeliveryRowContent {
    var badge: StatusBadge
    var name: TypesetText
    var address: TypesetText
    var window: TypesetText?
    /// Blank lines under the row's text.
    var bottomSpacing: Int
    var textX: Int

    /// Typesets `delivery` for a row `width` columns wide. With `fixedHeight`
    /// (the fixed row-height strategy) texts are truncated to fit the row.
    init(_ delivery: Delivery, width: Int, category: ContentSizeCategory, typesetter: Typesetter, fixedHeight: Int? = nil) {
        badge = StatusBadge(status: delivery.status, category: category)
        textX = DeliveryRowContent.margin + badge.columns + 1
        let textWidth = max(1, width - textX - DeliveryRowContent.margin)
        let nameMetrics = typesetter.metrics(for: .headline, at: category)
        bottomSpacing = nameMetrics.spacingAfter

        if let fixedHeight {
            // One height for every row: the name gets one line, the address what is left.
            name = typesetter.typeset(delivery.name, style: .headline, category: category, width: textWidth, lineLimit: 1)
            let addressRows = max(0, fixedHeight - name.height - bottomSpacing)
            let addressLines = addressRows / typesetter.rowsPerLine(for: .subheadline, at: category)
            address = addressLines > 0
                ? typesetter.typeset(delivery.address.singleLine, style: .subheadline, category: category, width: textWidth, lineLimit: addressLines)
                : TypesetText(lines: [], isBold: false)
            window = nil
        } else {
            name = typesetter.typeset(delivery.name, style: .headline, category: category, width: textWidth)
            address = typesetter.typeset(delivery.address.singleLine, style: .subheadline, category: category, width: textWidth)
            window = delivery.window.flatMap { text in
                text.isEmpty ? nil : typesetter.typeset(text, style: .caption1, category: category, width: textWidth)
            }
        }
    }

    static let margin = 1

    /// The height `init(…).height` gives, from widths alone: nothing is
    /// rasterised, which makes measuring many rows at big sizes cheap.
    static func height(of delivery: Delivery, width: Int, category: ContentSizeCategory, typesetter: Typesetter) -> Int {
        let badge = StatusBadge(status: delivery.status, category: category)
        let textWidth = max(1, width - (margin + badge.columns + 1) - margin)
        var text = typesetter.height(of: delivery.name, style: .headline, category: category, width: textWidth)
        text += typesetter.height(of: delivery.address.singleLine, style: .subheadline, category: category, width: textWidth)
        if let window = delivery.window, !window.isEmpty {
            text += typesetter.height(of: window, style: .caption1, category: category, width: textWidth)
        }
        return max(text, badge.rows) + typesetter.metrics(for: .headline, at: category).spacingAfter
    }

    /// Rows the content takes; never less than the badge.
    var height: Int {
        let text = name.height + address.height + (window?.height ?? 0)
        return max(text, badge.rows) + bottomSpacing
    }

    /// Underlines, in bold, the text of the name and address that a search
    /// matched (`words`, folded). Only native-size lines: a big-glyph line is
    /// a picture of its text, with no cell per character to mark.
    func highlight(_ words: [String], into frame: inout Frame, y: Int, typesetter: Typesetter, category: ContentSizeCategory) {
        guard !words.isEmpty else { return }
        func mark(_ text: TypesetText, style: TextStyle, top: Int) {
            guard typesetter.rowsPerLine(for: style, at: category) == 1 else { return }
            for (offset, line) in text.lines.enumerated() {
                let pieces = line.graphemes.map(\.text)
                var columnOf: [Int] = [0]
                for grapheme in line.graphemes { columnOf.append((columnOf.last ?? 0) + grapheme.columns) }
                for word in words {
                    for range in SearchFolding.matches(of: word, in: pieces) {
                        frame.restyle(x: textX + columnOf[range.lowerBound], y: top + offset,
                                      width: columnOf[range.upperBound] - columnOf[range.lowerBound], height: 1) {
                            $0.bold = true
                            $0.underline = true
                        }
                    }
                }
            }
        }
        mark(name, style: .headline, top: y)
        mark(address, style: .subheadline, top: y + name.height)
    }

    /// Marks the row late: the word "late" after the window, and the window
    /// in the danger colour (a word and a colour, so it reads without colour).
    /// Drawn beside the window, it never changes the row's height; when the
    /// row is too narrow for the word, the word replaces the window's end.
    func drawLateMark(
        into frame: inout Frame, y: Int, width: Int, isSelected: Bool, typesetter: Typesetter, category: ContentSizeCategory
    ) {
        guard let window else { return }
        let line = y + name.height + address.height
        let mark = typesetter.typeset("late", style: .caption1, category: category, width: max(1, width - textX))
        let gap = max(1, typesetter.rowsPerLine(for: .caption1, at: category))
        let room = width - DeliveryRowContent.margin
        let x = min(textX + window.width + gap, max(textX, room - mark.width))
        frame.restyle(x: textX, y: line, width: max(0, x - textX), height: window.height) { $0.color = .danger }
        frame.draw(mark, x: x, y: line, style: CellStyle(bold: true, reverse: isSelected, color: .danger))
    }

    /// Draws the row with its top at `y` (rows above 0 or below the frame are clipped).
    func draw(into frame: inout Frame, y: Int, width: Int, isSelected: Bool) {
        var line = y
        frame.draw(name, x: textX, y: line, style: CellStyle(bold: name.isBold))
        line += name.height
        frame.draw(address, x: textX, y: line, style: CellStyle(color: .secondary))
        line += address.height
        if let window {
            frame.draw(window, x: textX, y: line, style: CellStyle(color: .accent))
        }
        badge.draw(into: &frame, x: DeliveryRowContent.margin, y: y)
        if isSelected {
            // A bar in the margin (visible in plain text too) and the text in
            // reverse; the badge keeps its colour.
            let rows = max(1, height - bottomSpacing)
            for line in y ..< y + rows {
                frame.write("▌", x: 0, y: line, style: CellStyle(bold: true, color: .tint))
            }
            frame.restyle(x: textX - 1, y: y, width: width - textX + 1, height: rows) { $0.reverse = true }
        }
    }
}
