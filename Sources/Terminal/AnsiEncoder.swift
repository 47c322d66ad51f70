import Canvas
import Typesetting

/// Escape sequences for what the cell grid cannot say to ncurses: styled
/// text at a cursor position, DEC double-size lines, kitty's OSC 66 runs
/// and text shown as images (sixel or the kitty graphics protocol).
/// The live terminal writes them with these functions, and `render --ansi`
/// prints whole frames with them.
public struct AnsiEncoder: Sendable {
    /// How many colours the terminal has: 256 gets the extended palette.
    public var colorCount: Int
    /// How this terminal shows images, for frames with `pixelRuns`; nil: it does not.
    public var graphics: PixelGraphics?

    public init(colorCount: Int = 256, graphics: PixelGraphics? = nil) {
        self.colorCount = colorCount
        self.graphics = graphics
    }

    static let escape = "\u{1B}"

    /// Moves the cursor to column `x`, row `y` (both from 0).
    public static func moveTo(x: Int, y: Int) -> String { "\(escape)[\(y + 1);\(x + 1)H" }

    /// The SGR sequence that sets exactly `style` (after a reset).
    public func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if style.italic { codes.append("3") }
        let colour = ColorPalette(colorCount: colorCount).foreground(style.color)
        if colorCount >= 8, colour >= 0 { codes.append(colour < 8 ? "3\(colour)" : "38;5;\(colour)") }
        return "\(Self.escape)[" + codes.joined(separator: ";") + "m"
    }

    /// Row `y` of `frame` as a DEC double-size line: the line erased, the
    /// attribute, then the row at half resolution (one character for each
    /// pair of cells). Erasing first matters: xterm redraws what a line
    /// holds at the new size, and crashes on a wide character left there.
    public func doubledLine(_ frame: Frame, y: Int) -> String {
        var out = Self.moveTo(x: 0, y: y) + "\(Self.escape)[2K" + frame.lineAttributes[y].escapeSequence
        var current: CellStyle?
        var column = 0
        while column < frame.width / 2 {
            let cell = Self.standingOut(frame, pair: column, y: y).asWritten
            if cell.style != current {
                out += sgr(cell.style)
                current = cell.style
            }
            out += cell.grapheme.isEmpty ? " " : cell.grapheme
            // A wide character takes two doubled cells.
            let isWide = 2 * column + 2 < frame.width && frame[2 * column + 1, y].isContinuation
            column += isWide ? 2 : 1
        }
        return out + "\(Self.escape)[0m"
    }

    /// Which of cells 2i and 2i+1 a doubled line shows: the first, unless it
    /// is a blank or continues a run the second breaks (a spaced-out word
    /// at an odd column, a symbol inside a tile). A bar that fills half of
    /// one cell beside a blank (the selection bar, the scrollbar) is drawn
    /// at half its width, so doubled it covers exactly the cell it covers
    /// on a plain row.
    public static func standingOut(_ frame: Frame, pair: Int, y: Int) -> Cell {
        let left = frame[2 * pair, y]
        guard 2 * pair + 1 < frame.width else { return left }
        let right = frame[2 * pair + 1, y]
        if right.isContinuation || left == right { return left }
        let leftIsBlank = left.grapheme == " " || left.isContinuation
        let rightIsBlank = right.grapheme == " " && !right.style.reverse
        if rightIsBlank, let half = halfWidthOnTheLeft[left.grapheme] { return Cell(half, style: left.style) }
        if leftIsBlank, !left.style.reverse, let half = halfWidthOnTheRight[right.grapheme] { return Cell(half, style: right.style) }
        if leftIsBlank, right.grapheme != " " { return right }
        if pair > 0, frame[2 * pair - 1, y] == left, right.grapheme != " " { return right }
        return left
    }

    /// A bar in the left cell of a pair, as the character whose doubled
    /// glyph covers the same part of that cell: ▌ (half a cell) is ▎ (a
    /// quarter of two), █ is ▌; a line at the cell's left edge (▏, the
    /// help box's side) stays at the edge.
    static let halfWidthOnTheLeft: [String: String] = ["▌": "▎", "█": "▌", "▏": "▏"]
    /// A bar in the right cell of a pair: █ is ▐; the scrollbar's track at
    /// the cell's right edge (▕) stays at the edge.
    static let halfWidthOnTheRight: [String: String] = ["█": "▐", "▕": "▕", "│": "▕"]

    /// One OSC 66 run: the cursor to its corner, its style, the text.
    /// Fractional scales are centred in their blocks.
    public func scaledRun(_ run: ScaledRun, in frame: Frame) -> String {
        var keys = ["s=\(run.scale.scale)"]
        if !run.scale.isNative, run.scale.denominator > run.scale.numerator, run.scale.numerator > 0 {
            keys += ["n=\(run.scale.numerator)", "d=\(run.scale.denominator)", "v=2"]
        }
        let text = run.graphemes.map(\.text).joined()
        return Self.moveTo(x: run.x, y: run.y) + sgr(frame[run.x, run.y].style)
            + "\(Self.escape)]66;" + keys.joined(separator: ":") + ";" + text + "\(Self.escape)\\"
            + "\(Self.escape)[0m"
    }

    /// One image: the cursor to each of its pieces, then the piece in the
    /// terminal's protocol, in the colours of the run's top-left cell.
    public func pixelRun(_ run: PixelRun, in frame: Frame) -> String {
        guard let graphics else { return "" }
        let tiles = PixelRunEncoder.shared.tiles(for: run, style: frame[run.x, run.y].style, graphics: graphics, colorCount: colorCount)
        return tiles.map { Self.moveTo(x: run.x + $0.column, y: run.y) + $0.bytes }.joined()
    }

    /// Forgets every rasterised line and encoded image, so that a benchmark
    /// times them from nothing (the cost of a first `+` to a size).
    public static func forgetEncodedImages() {
        PixelRunEncoder.shared.removeAll()
        PixelRaster.shared.removeImages()
    }

    /// What takes an image away so the cells under it can be drawn again:
    /// its cells erased (sixel images go with the cells they are on), or
    /// its placement deleted (kitty keeps images over the text).
    public func erasing(_ run: PixelRun) -> String {
        guard let graphics else { return "" }
        switch graphics.graphicsProtocol {
        case .sixel:
            return "\(Self.escape)[0m" + (run.y ..< run.y + run.rows).map { Self.moveTo(x: run.x, y: $0) + "\(Self.escape)[\(run.columns)X" }.joined()
        case .kitty:
            return KittyGraphicsEncoder.delete(id: PixelRunEncoder.placement(of: run), placement: 1)
        }
    }

    /// Row `y` as plain styled cells, skipping cells the terminal draws itself.
    public func plainLine(_ frame: Frame, y: Int) -> String {
        // A line attribute is reset only in a frame that sets some: a
        // terminal that draws none may show or log the sequence.
        let reset = frame.lineAttributes.contains { $0 != .normal } ? LineAttribute.normal.escapeSequence : ""
        var out = Self.moveTo(x: 0, y: y) + reset
        var current: CellStyle?
        var skipping = false
        for x in 0 ..< frame.width {
            let cell = frame.written(x: x, y: y)
            if frame[x, y].isContinuation { continue }
            if frame.isCovered(x: x, y: y) {
                skipping = true
                continue
            }
            if skipping {
                out += Self.moveTo(x: x, y: y)
                skipping = false
            }
            if cell.style != current {
                out += sgr(cell.style)
                current = cell.style
            }
            out += cell.grapheme
        }
        return out + "\(Self.escape)[0m"
    }

    /// What the terminal draws itself on top of the cells: every doubled
    /// line, every scaled run and every image, in that order.
    public func scaling(_ frame: Frame) -> String {
        var out = ""
        for y in 0 ..< frame.height where frame.lineAttributes[y] != .normal { out += doubledLine(frame, y: y) }
        for run in frame.scaledRuns { out += scaledRun(run, in: frame) }
        for run in frame.pixelRuns { out += pixelRun(run, in: frame) }
        return out
    }

    /// A whole frame: the screen cleared, each row's cells, then what the
    /// terminal scales itself, with the same bytes `browse` writes for those.
    public func frame(_ frame: Frame) -> String {
        var out = "\(Self.escape)[H\(Self.escape)[2J"
        for y in 0 ..< frame.height where frame.lineAttributes[y] == .normal { out += plainLine(frame, y: y) }
        out += scaling(frame)
        if let cursor = frame.cursor { out += Self.moveTo(x: cursor.x, y: cursor.y) }
        return out
    }
}
