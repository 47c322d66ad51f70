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
///
/// Where the address is drawn several rows a line (`windowLeads`), the
/// window comes before it, under the name.
///
/// Below Large glyphs cannot shrink, so each smaller size saves rows instead:
/// Medium drops the blank row between deliveries (the ramp's spacing), Small
/// runs the window on after the address, and xSmall shrinks the badge to a
/// one-row symbol (see `StatusBadge`), giving the text its columns.
struct DeliveryRowContent {
    var badge: StatusBadge
    var name: TypesetText
    var address: TypesetText
    var window: TypesetText?
    /// The window where it runs on after the address instead (`windowJoinsAddress`), for the late mark to find.
    var joinedWindow: String?
    /// Whether the window is drawn under the name, before the address (see `windowLeads`).
    var windowFirst: Bool
    /// Blank lines under the row's text.
    var bottomSpacing: Int
    var textX: Int
    var typesetter: Typesetter

    /// Typesets `delivery` for a row `width` columns wide. With `fixedHeight`
    /// (the fixed row-height strategy) texts are truncated to fit the row.
    init(_ delivery: Delivery, width: Int, category: ContentSizeCategory, typesetter: Typesetter, fixedHeight: Int? = nil) {
        badge = StatusBadge(status: delivery.status, category: category)
        let typesetter = typesetter.holding(Self.texts(of: delivery))
        self.typesetter = typesetter
        textX = Self.textX(badgeColumns: badge.columns, typesetter: typesetter)
        let textWidth = max(1, width - textX - DeliveryRowContent.margin)
        bottomSpacing = Self.spacing(after: category, typesetter: typesetter)
        let addressText = Self.addressText(of: delivery, category: category)
        joinedWindow = Self.windowJoinsAddress(at: category) ? delivery.window.flatMap { $0.isEmpty ? nil : $0 } : nil
        windowFirst = Self.windowLeads(typesetter: typesetter, category: category)

        if let fixedHeight {
            // One height for every row: the name gets one line, the address what is left.
            name = typesetter.typeset(delivery.name, style: .headline, category: category, width: textWidth, lineLimit: 1)
            let addressRows = max(0, fixedHeight - name.height - bottomSpacing)
            let addressLines = addressRows / typesetter.rowsPerLine(for: .subheadline, at: category)
            address = addressLines > 0
                ? typesetter.typeset(addressText, style: .subheadline, category: category, width: textWidth, lineLimit: addressLines,
                                     isolatedSuffix: joinedWindow)
                : TypesetText(lines: [], isBold: false)
            window = nil
        } else {
            name = typesetter.typeset(delivery.name, style: .headline, category: category, width: textWidth, lineLimit: Self.lineLimit.name)
            // The joined window is a run of its own: after a right-to-left address it
            // must still read 09:00-12:00, and come last (at the line's left end).
            address = typesetter.typeset(addressText, style: .subheadline, category: category, width: textWidth,
                                         lineLimit: Self.lineLimit.address, isolatedSuffix: joinedWindow)
            window = Self.windowLine(of: delivery, category: category).map { text in
                typesetter.typeset(text, style: .caption1, category: category, width: textWidth, lineLimit: Self.lineLimit.window)
            }
        }
    }

    static let margin = 1

    /// Where the badge starts. Where lines may be doubled, on an even
    /// column: a doubled line shows cells in pairs (0–1, 2–3, …), so the
    /// selection bar (column 0), the badge and the text must each start a
    /// pair to look the same on doubled and plain rows.
    static func badgeX(typesetter: Typesetter) -> Int { typesetter.mayDoubleLines ? 2 : margin }

    /// Where the text starts: after the badge and a gap (two columns where
    /// lines may be doubled, so the text starts a pair too).
    static func textX(badgeColumns: Int, typesetter: Typesetter) -> Int {
        badgeX(typesetter: typesetter) + badgeColumns + (typesetter.mayDoubleLines ? 2 : 1)
    }

    /// The texts a row draws, which are drawn one way together (`Typesetter.holding`).
    static func texts(of delivery: Delivery) -> [String] {
        [delivery.name, delivery.address.singleLine, delivery.window ?? ""]
    }

    /// Blank rows under a row: the Subhead's spacing, which the ramp drops below Large.
    static func spacing(after category: ContentSizeCategory, typesetter: Typesetter) -> Int {
        typesetter.metrics(for: .subheadline, at: category).spacingAfter
    }

    /// From Small down the window runs on after the address instead of taking a line of its own.
    static func windowJoinsAddress(at category: ContentSizeCategory) -> Bool { category <= .small }

    static func addressText(of delivery: Delivery, category: ContentSizeCategory) -> String {
        let address = delivery.address.singleLine
        guard windowJoinsAddress(at: category), let window = delivery.window, !window.isEmpty else { return address }
        return address + " · " + window
    }

    static func windowLine(of delivery: Delivery, category: ContentSizeCategory) -> String? {
        guard !windowJoinsAddress(at: category), let window = delivery.window, !window.isEmpty else { return nil }
        return window
    }

    /// At most this many lines of each text in a row, the last ending in an
    /// ellipsis when cut: a row stays a row (the Shipment screen shows more),
    /// and a megabyte field costs no more to lay out than a long address.
    static let lineLimit = (name: 8, address: 16, window: 2)

    /// Whether the window goes under the name, before the address: where the
    /// address is drawn more than two rows a line (a mosaic, scaled or image
    /// text at the big sizes). The address is shown whole, wrapped onto as
    /// many lines as it needs, and at AX5 a long one is taller than a 30-row
    /// screen; the window, one short line, before it keeps the name, the
    /// window and the address's first line on the first screen whatever the
    /// address's length.
    static func windowLeads(typesetter: Typesetter, category: ContentSizeCategory) -> Bool {
        typesetter.rowsPerLine(for: .subheadline, at: category) > 2
    }

    /// The height `init(…).height` gives, from widths alone: nothing is
    /// rasterised, which makes measuring many rows at big sizes cheap.
    static func height(of delivery: Delivery, width: Int, category: ContentSizeCategory, typesetter: Typesetter) -> Int {
        let typesetter = typesetter.holding(texts(of: delivery))
        let badge = StatusBadge(status: delivery.status, category: category)
        let textWidth = max(1, width - textX(badgeColumns: badge.columns, typesetter: typesetter) - margin)
        var text = typesetter.height(of: delivery.name, style: .headline, category: category, width: textWidth, lineLimit: lineLimit.name)
        text += typesetter.height(of: addressText(of: delivery, category: category), style: .subheadline, category: category,
                                  width: textWidth, lineLimit: lineLimit.address)
        if let window = windowLine(of: delivery, category: category) {
            text += typesetter.height(of: window, style: .caption1, category: category, width: textWidth, lineLimit: lineLimit.window)
        }
        return max(text, badge.rows) + spacing(after: category, typesetter: typesetter)
    }

    /// Rows the content takes; never less than the badge.
    var height: Int {
        let text = name.height + address.height + (window?.height ?? 0)
        return max(text, badge.rows) + bottomSpacing
    }

    /// The first row of the address in a row whose top is at `y`.
    func addressTop(_ y: Int) -> Int { y + name.height + (windowFirst ? window?.height ?? 0 : 0) }

    /// The first row of the window in a row whose top is at `y`.
    func windowTop(_ y: Int) -> Int { y + name.height + (windowFirst ? 0 : address.height) }

    /// Underlines, in bold, the text of the name and address that a search
    /// matched (`words`, folded). Only native-size lines: a big-glyph line is
    /// a picture of its text, with no cell per character to mark. Sizes come
    /// from the row's own typesetter, which draws a delivery a doubled line
    /// cannot hold one rung up.
    func highlight(_ words: [String], into frame: inout Frame, y: Int, category: ContentSizeCategory) {
        guard !words.isEmpty else { return }
        func mark(_ text: TypesetText, style: TextStyle, top: Int) {
            guard typesetter.rowsPerLine(for: style, at: category) == 1 else { return }
            for (offset, line) in text.lines.enumerated() where line.pixels == nil {
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
        mark(address, style: .subheadline, top: addressTop(y))
    }

    /// Marks the row late: the word "late" after the window, and the window
    /// in the danger colour (a word and a colour, so it reads without colour).
    /// Drawn beside the window, it never changes the row's height. Where the
    /// word at the window's size does not fit beside it (big glyphs), it is
    /// drawn at native size; where that does not fit either, inside the
    /// badge's last row. It never covers the window's digits. The word is
    /// typeset like the window, by the row's own typesetter: beside a mosaic
    /// window (a delivery a doubled line cannot hold) it must not be doubled,
    /// or its row would be, mosaic and all, which crashes xterm 379.
    func drawLateMark(into frame: inout Frame, y: Int, width: Int, isSelected: Bool, category: ContentSizeCategory) {
        guard let window else {
            drawLateMarkAfterAddress(into: &frame, y: y, width: width, isSelected: isSelected, category: category)
            return
        }
        let line = windowTop(y)
        let room = width - DeliveryRowContent.margin
        // Images keep their colours on a selected row (`draw`), so the mark does too where it may be one.
        let style = CellStyle(bold: true, reverse: isSelected && !typesetter.drawsImages, color: .danger)
        frame.restyle(x: textX, y: line, width: window.width, height: window.height) { $0.color = .danger }
        let big = typesetter.typeset("late", style: .caption1, category: category, width: max(1, width - textX))
        let gap = max(1, typesetter.rowsPerLine(for: .caption1, at: category))
        let native = Self.nativeLateWord
        if textX + window.width + gap + big.width <= room {
            frame.draw(big, x: textX + window.width + gap, y: line, style: style)
        } else if textX + window.width + 1 + native.width <= room {
            // On the middle row of the window's glyphs, where its digits are.
            frame.draw(native, x: textX + window.width + 1, y: line + (gap - 1) / 2, style: style)
        } else {
            drawLateMarkInBadge(into: &frame, y: y)
        }
    }

    /// The word "late" at native size.
    private static let nativeLateWord = TypesetText(lines: [TypesetLine(graphemes: "late".map { Grapheme(String($0), columns: 1) })], isBold: true)

    /// Where the mark fits nowhere beside the window: inside the badge's last
    /// row, where the badge has rows and columns enough.
    private func drawLateMarkInBadge(into frame: inout Frame, y: Int) {
        guard badge.columns >= Self.nativeLateWord.width, badge.rows > 1 else { return }
        frame.draw(Self.nativeLateWord, x: Self.badgeX(typesetter: typesetter), y: y + badge.rows - 1,
                   style: CellStyle(bold: true, reverse: true, color: .danger))
    }

    /// From Small down the window ends the address (`addressText`), so the
    /// mark goes on the address's last line: the window's columns there in
    /// the danger colour, and the word after the line. The window ends the
    /// line, or starts it where a right-to-left address was put in visual
    /// order (its isolate comes last in reading order, at the left end).
    /// Where the line has no room for the word, or does not hold the window
    /// (an address cut by its line limit), the word goes elsewhere by one
    /// rule (`drawLateWordElsewhere`), so a late row always says so in a word.
    private func drawLateMarkAfterAddress(into frame: inout Frame, y: Int, width: Int, isSelected: Bool, category: ContentSizeCategory) {
        guard let joinedWindow, typesetter.rowsPerLine(for: .subheadline, at: category) == 1,
              let last = address.lines.last, last.pixels == nil, last.scaled == nil
        else { return }
        let style = CellStyle(bold: true, reverse: isSelected && !typesetter.drawsImages, color: .danger)
        let windowCells = joinedWindow.map(String.init)
        let texts = last.graphemes.map(\.text)
        let line = addressTop(y) + address.height - 1
        let windowX: Int, windowWidth: Int
        if texts.suffix(windowCells.count).elementsEqual(windowCells) {
            windowWidth = last.graphemes.suffix(windowCells.count).reduce(0) { $0 + $1.columns }
            windowX = textX + last.width - windowWidth
        } else if texts.prefix(windowCells.count).elementsEqual(windowCells) {
            windowWidth = last.graphemes.prefix(windowCells.count).reduce(0) { $0 + $1.columns }
            windowX = textX
        } else {
            drawLateWordElsewhere(into: &frame, y: y, width: width, style: style, category: category)
            return
        }
        frame.restyle(x: windowX, y: line, width: windowWidth, height: 1) { $0.color = .danger }
        guard textX + last.width + 1 + Self.nativeLateWord.width <= width - Self.margin else {
            drawLateWordElsewhere(into: &frame, y: y, width: width, style: style, category: category)
            return
        }
        frame.draw(Self.nativeLateWord, x: textX + last.width + 1, y: line, style: style)
    }

    /// The word where the address's last line has no room for it: inside a
    /// badge of two rows or more (Small), else after the name's last line
    /// (xSmall's badge is one row, a status symbol the word must not hide),
    /// where that is native text with room; else the window's colour alone.
    private func drawLateWordElsewhere(into frame: inout Frame, y: Int, width: Int, style: CellStyle, category: ContentSizeCategory) {
        if badge.columns >= Self.nativeLateWord.width, badge.rows > 1 {
            drawLateMarkInBadge(into: &frame, y: y)
            return
        }
        guard typesetter.rowsPerLine(for: .headline, at: category) == 1,
              let last = name.lines.last, last.pixels == nil, last.scaled == nil, last.lineAttribute == .normal,
              textX + last.width + 1 + Self.nativeLateWord.width <= width - Self.margin
        else { return }
        frame.draw(Self.nativeLateWord, x: textX + last.width + 1, y: y + name.height - 1, style: style)
    }

    /// Draws the row with its top at `y` (rows above 0 or below the frame are clipped).
    func draw(into frame: inout Frame, y: Int, width: Int, isSelected: Bool) {
        frame.draw(name, x: textX, y: y, style: CellStyle(bold: name.isBold))
        frame.draw(address, x: textX, y: addressTop(y), style: CellStyle(color: .secondary))
        if let window {
            frame.draw(window, x: textX, y: windowTop(y), style: CellStyle(color: .accent))
        }
        badge.draw(into: &frame, x: Self.badgeX(typesetter: typesetter), y: y, typesetter: typesetter)
        if isSelected {
            // A bar in the margin (visible in plain text too) and the text in
            // reverse; the badge keeps its colour. Where lines may be doubled
            // the reverse covers whole pairs: the gap's two columns, and not
            // the column left of the scrollbar, which shares its pair.
            let rows = max(1, height - bottomSpacing)
            for line in y ..< y + rows {
                frame.write("▌", x: 0, y: line, style: CellStyle(bold: true, color: .tint))
            }
            // Images keep their colours (moving the selection sends none
            // again), so the cells around them stay as they are too: the bar marks the row.
            if !typesetter.drawsImages {
                let doubles = typesetter.mayDoubleLines
                let from = textX - (doubles ? 2 : 1)
                frame.restyle(x: from, y: y, width: width - from - (doubles ? 1 : 0), height: rows) { $0.reverse = true }
            }
        }
    }
}
