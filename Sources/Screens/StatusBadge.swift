import Canvas
import Model
import Typesetting

/// The status marker at the left of a Deliveries row, sized like the
/// BNRItemCell thumbnail: it grows with the text size and stays square, and
/// its symbol is drawn big, with the type ramp, once the tile has room (an
/// image at the name's size where text is drawn as images).
struct StatusBadge {
    var status: DeliveryStatus
    var columns: Int
    var rows: Int

    init(status: DeliveryStatus, category: ContentSizeCategory) {
        self.status = status
        // Sized like BNRItemCell's thumbnail, so it grows with the text;
        // at xSmall a one-row symbol, so the smallest size saves a row too.
        let size = category == .xSmall ? Size(width: 2, height: 1) : ScaledMetric.thumbnail.size(at: category)
        columns = size.width
        rows = size.height
        self.category = category
    }

    private let category: ContentSizeCategory

    /// A symbol per status, so the plain-text render tells them apart without colour.
    var symbol: String { Self.symbol(for: status) }

    static func symbol(for status: DeliveryStatus) -> String {
        switch status {
        case .pending: "○"
        case .outForDelivery: "▸"
        case .delivered: "✓"
        case .failed: "✗"
        }
    }

    var color: ColorRole {
        switch status {
        case .pending: .warning
        case .outForDelivery: .accent
        case .delivered: .success
        case .failed: .danger
        }
    }

    func draw(into frame: inout Frame, x: Int, y: Int, typesetter: Typesetter) {
        let style = CellStyle(bold: true, color: color)
        if let image = symbolImage(typesetter: typesetter) {
            drawImage(image, into: &frame, x: x, y: y, style: style)
            return
        }
        if rows <= 1 && columns <= 2 {
            frame.write(symbol, x: x, y: y, style: style)
            return
        }
        // A tile in the status colour with the symbol cut out of its middle:
        // as big as the largest text style whose glyph fits the tile.
        let glyph = bigSymbol(typesetter: typesetter)
        var top = (rows - glyph.height) / 2, left = (columns - glyph.width) / 2
        var copies = 1
        // A one-character symbol on a doubled row shows only its half there:
        // it goes on a plain row of the tile if there is one, else on a
        // whole top-and-bottom pair at a pair's column, drawn twice as big.
        if glyph.height == 1, frame.lineAttributes.indices.contains(y + top), frame.lineAttributes[y + top] != .normal {
            let tile = max(0, y) ..< min(frame.height, y + rows)
            if let plain = tile.filter({ frame.lineAttributes[$0] == .normal }).min(by: { abs($0 - y - top) < abs($1 - y - top) }) {
                top = plain - y
            } else {
                if frame.lineAttributes[y + top] == .doubleBottom, top > 0 { top -= 1 }
                copies = top + 1 < rows ? 2 : 1
                left -= (x + left) % 2
            }
        }
        for row in 0 ..< rows {
            var column = 0
            let line = copies == 2 && row == top + 1 ? 0 : row - top
            if glyph.lines.indices.contains(line) {
                let cells = glyph.lines[line].graphemes
                var ink = Array(repeating: Grapheme(" ", columns: 1), count: left) + cells
                ink += Array(repeating: Grapheme(" ", columns: 1), count: max(0, columns - left - glyph.lines[line].width))
                for cell in ink where column < columns {
                    let isBlank = cell.text == " "
                    frame.write(isBlank ? "█" : cell.text, x: x + column, y: y + row,
                                style: isBlank ? style : CellStyle(bold: true, reverse: true, color: color))
                    column += max(1, cell.columns)
                }
            }
            while column < columns {
                frame.write("█", x: x + column, y: y + row, style: style)
                column += 1
            }
        }
    }

    /// Where text is drawn as images (`--glyphs pixels`): the symbol as one,
    /// at the size of the row's name (Headline), else of the biggest of
    /// Subhead and Caption that fits the tile, so it matches the text beside
    /// it. Nil where Headline is native text (Large): a native symbol is then that size.
    private func symbolImage(typesetter: Typesetter) -> TypesetText? {
        guard typesetter.drawsImages else { return nil }
        for style in [TextStyle.headline, .subheadline, .caption1] {
            let set = typesetter.typeset(symbol, style: style, category: category, width: columns)
            guard set.lines.first?.pixels != nil else { return nil }
            if set.height <= rows, set.width <= columns { return set }
        }
        return nil
    }

    /// The symbol's image centred in the badge: on a one-row badge in the
    /// status colour, like text; in a tile, reversed, cut out of it as the
    /// mosaic symbol is (the cells under the image reversed blanks, the
    /// same colour, so no cell of the tile shows through it).
    private func drawImage(_ image: TypesetText, into frame: inout Frame, x: Int, y: Int, style: CellStyle) {
        let left = x + (columns - image.width) / 2, top = y + (rows - image.height) / 2
        guard rows > 1 else {
            frame.draw(image, x: left, y: top, style: style)
            return
        }
        var cut = style
        cut.reverse = true
        for row in 0 ..< rows {
            for column in 0 ..< columns {
                let inImage = (left ..< left + image.width).contains(x + column) && (top ..< top + image.height).contains(y + row)
                frame.write(inImage ? " " : "█", x: x + column, y: y + row, style: inImage ? cut : style)
            }
        }
        frame.draw(image, x: left, y: top, style: cut)
    }

    /// The symbol in the biggest of Headline, Subhead and Caption that fits
    /// the tile with a cell to spare, else as one native character.
    private func bigSymbol(typesetter: Typesetter) -> TypesetText {
        for style in [TextStyle.headline, .subheadline, .caption1] {
            let set = typesetter.typeset(symbol, style: style, category: category, width: columns)
            // Only a mosaic: a doubled or scaled line belongs to the whole row, not to a tile.
            let isMosaic = set.lines.allSatisfy { $0.lineAttribute == .normal && $0.scaled == nil && $0.pixels == nil }
            if isMosaic, set.height > 1, set.height < rows, set.width < columns { return set }
        }
        return TypesetText(lines: [TypesetLine(graphemes: [Grapheme(symbol, columns: 1)])], isBold: true)
    }
}
