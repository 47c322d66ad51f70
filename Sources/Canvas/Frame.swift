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
    /// Where the terminal should leave its cursor, if anywhere (a search field).
    public var cursor: (x: Int, y: Int)? {
        get { cursorPosition.map { ($0.x, $0.y) } }
        set { cursorPosition = newValue.map { CursorPosition(x: $0.x, y: $0.y) } }
    }
    private var cursorPosition: CursorPosition?
    /// DEC double-size attribute of each row (see `LineAttribute`).
    public internal(set) var lineAttributes: [LineAttribute]
    /// Text the terminal scales itself (see `ScaledRun`), in drawing order.
    public internal(set) var scaledRuns: [ScaledRun] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
        self.lineAttributes = Array(repeating: .normal, count: self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes measured graphemes from column `x` of row `y`. Anything past the
    /// right edge is clipped, and a wide grapheme that would straddle the edge
    /// becomes a blank. Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ graphemes: [Grapheme], x: Int, y: Int, style: CellStyle) -> Int {
        guard y >= 0, y < height else { return x }
        var column = x
        for g in graphemes {
            let grapheme = g.text, columns = g.columns
            if column >= width { break }
            if columns == 0 { continue }
            if column < 0 { column += columns; continue }
            if columns == 2 {
                if column + 1 >= width {
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
        // A rectangle wholly off the frame is clipped to nothing, not an inverted range.
        for row in max(0, y) ..< max(max(0, y), min(height, y + h)) {
            for column in max(0, x) ..< max(max(0, x), min(width, x + w)) {
                clearWideNeighbours(x: column, y: row, span: 1)
                self[column, row] = Cell(" ", style: style)
            }
        }
    }

    /// Changes the style of existing cells without touching their text.
    public mutating func restyle(x: Int, y: Int, width w: Int, height h: Int, _ change: (inout CellStyle) -> Void) {
        for row in max(0, y) ..< max(max(0, y), min(height, y + h)) {
            for column in max(0, x) ..< max(max(0, x), min(width, x + w)) {
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
            && lhs.lineAttributes == rhs.lineAttributes && lhs.scaledRuns == rhs.scaledRuns
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(cells)
        hasher.combine(lineAttributes)
        hasher.combine(scaledRuns)
    }
}

extension Frame {
    /// Copies another frame onto this one with its top-left corner at (x, y), clipped.
    public mutating func blit(_ other: Frame, x: Int, y: Int, sourceY: Int = 0) {
        for row in 0 ..< other.height - sourceY {
            let target = y + row
            guard target >= 0, target < height else { continue }
            for column in 0 ..< other.width {
                let tx = x + column
                guard tx >= 0, tx < width else { continue }
                self[tx, target] = other[column, row + sourceY]
            }
            if other.lineAttributes[row + sourceY] != .normal { lineAttributes[target] = other.lineAttributes[row + sourceY] }
        }
        // A run is kept only where it lands whole: a cut one would spill out of the copied area.
        for run in other.scaledRuns {
            let top = run.y - sourceY
            guard top >= 0, top + run.rows <= other.height - sourceY else { continue }
            var moved = run
            moved.x += x
            moved.y = y + top
            guard moved.x >= 0, moved.x + moved.columns <= width, moved.y >= 0, moved.y + moved.rows <= height else { continue }
            scaledRuns.append(moved)
        }
    }
}
