/// A whole screen as a grid of cells: what `render(state, size)` returns.
///
/// The live terminal draws it and `idelivermobile render` prints it as text,
/// so every screen can be checked without a terminal.
///
///     var frame = Frame(width: 20, height: 2)
///     frame.put(name.graphemes, x: 0, y: 0, style: CellStyle(bold: true))
///     frame.plainTextLines  // ["Feng Wong           ", "                    "]
public struct Frame: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal should leave its cursor, if anywhere: a search
    /// field, or the selection (screen magnifiers and braille displays follow it).
    public var cursor: (x: Int, y: Int)? {
        get { cursorPosition.map { ($0.x, $0.y) } }
        set { cursorPosition = newValue.map { CursorPosition(x: $0.x, y: $0.y) } }
    }
    private var cursorPosition: CursorPosition?
    /// The cursor is placed at `cursor` but not shown (the selection's place,
    /// unless the user asked to see it); a search field's cursor is shown.
    public var hidesCursor = false
    /// DEC double-size attribute of each row (see `LineAttribute`).
    public internal(set) var lineAttributes: [LineAttribute]
    /// Text the terminal scales itself (see `ScaledRun`), in drawing order.
    public internal(set) var scaledRuns: [ScaledRun] = []
    /// Text the terminal shows as images (see `PixelRun`), in drawing order.
    public internal(set) var pixelRuns: [PixelRun] = []
    /// Where drawing lands: the whole frame, or the area `clipped(to:_:)` gives.
    public private(set) var clip: Rect

    /// Every cell of the frame.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
        self.lineAttributes = Array(repeating: .normal, count: self.height)
        clip = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    public init(size: Size) { self.init(width: size.width, height: size.height) }

    /// Draws with nothing landing outside `area` (and the clip already set):
    /// cells, line attributes and scaled runs beyond it are dropped, and a
    /// wide character that would straddle its right edge becomes a blank.
    public mutating func clipped(to area: Rect, _ draw: (inout Frame) -> Void) {
        let outer = clip
        clip = clip.intersection(area)
        draw(&self)
        clip = outer
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes measured graphemes from column `x` of row `y`. Anything past the
    /// clip's right edge is cut off, and a wide grapheme that would straddle the
    /// edge becomes a blank. Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ graphemes: [Grapheme], x: Int, y: Int, style: CellStyle) -> Int {
        guard y >= clip.y, y < clip.maxY else { return x }
        var column = x
        for g in graphemes {
            let grapheme = g.text, columns = g.columns
            if column >= clip.maxX { break }
            if columns == 0 { continue }
            if column < clip.x { column += columns; continue }
            if columns == 2 {
                if column + 1 >= clip.maxX {
                    self[column, y] = Cell(" ", style: style)
                    column += 2
                    continue
                }
                clearWideNeighbours(x: column, y: y, span: 2)
                self[column, y] = Cell(grapheme, style: style)
                self[column + 1, y] = .continuation(style: style)
            } else {
                clearWideNeighbours(x: column, y: y, span: 1)
                self[column, y] = Cell(grapheme, style: style)
            }
            column += columns
        }
        return column
    }

    /// Fills a rectangle with blanks of `style` (a highlight bar, a cleared overlay).
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: CellStyle = .plain) {
        let area = clip.intersection(Rect(x: x, y: y, width: w, height: h))
        for row in area.y ..< area.maxY {
            for column in area.x ..< area.maxX {
                clearWideNeighbours(x: column, y: row, span: 1)
                self[column, row] = Cell(" ", style: style)
            }
        }
    }

    /// Changes the style of existing cells without touching their text.
    public mutating func restyle(x: Int, y: Int, width w: Int, height h: Int, _ change: (inout CellStyle) -> Void) {
        let area = clip.intersection(Rect(x: x, y: y, width: w, height: h))
        for row in area.y ..< area.maxY {
            for column in area.x ..< area.maxX {
                change(&cells[row * width + column].style)
            }
        }
    }

    /// Each row as plain text, exactly `width` display columns wide.
    public var plainTextLines: [String] {
        (0 ..< height).map { row in
            var line = ""
            for column in 0 ..< width {
                let cell = self[column, row]
                if !cell.isContinuation { line += cell.grapheme }
            }
            return line
        }
    }

    /// The whole frame as text, one `\n`-terminated line per row.
    public var plainText: String {
        plainTextLines.map { $0 + "\n" }.joined()
    }

    // Overwriting half of a wide character must not leave the other half behind.
    private mutating func clearWideNeighbours(x: Int, y: Int, span: Int) {
        for column in x ..< min(width, x + span) {
            if self[column, y].isContinuation, column > 0 {
                self[column - 1, y] = Cell(" ", style: self[column - 1, y].style)
            }
            if column + 1 < width, self[column + 1, y].isContinuation {
                self[column + 1, y] = Cell(" ", style: self[column + 1, y].style)
            }
        }
    }
}

private struct CursorPosition: Sendable, Hashable {
    var x: Int
    var y: Int
}

extension Frame {
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells && lhs.cursorPosition == rhs.cursorPosition
            && lhs.hidesCursor == rhs.hidesCursor
            && lhs.lineAttributes == rhs.lineAttributes && lhs.scaledRuns == rhs.scaledRuns && lhs.pixelRuns == rhs.pixelRuns
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(cells)
        hasher.combine(lineAttributes)
        hasher.combine(scaledRuns)
        hasher.combine(pixelRuns)
    }
}
