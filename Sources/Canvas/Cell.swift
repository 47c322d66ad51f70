/// One terminal cell: a grapheme (or nothing, behind a wide one) and its style.
///
/// A wide character (CJK, most emoji) occupies its own cell and the cell to its
/// right, which holds `.continuation` so that the grid never drifts.
public struct Cell: Sendable, Hashable {
    public var grapheme: String
    public var style: CellStyle
    /// True for the right half of a double-width character.
    public var isContinuation: Bool

    public init(_ grapheme: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
    static func continuation(style: CellStyle) -> Cell { Cell("", style: style, isContinuation: true) }
}

extension Cell {
    /// The one block glyph cells are written with (see `asWritten`).
    public static let halfBlockGlyph = "▄"

    /// The cell as a terminal should write it: as much of it as possible
    /// painted by the terminal's background, which fills the cell exactly,
    /// and the rest by one glyph, the lower half block. A full block (█)
    /// becomes a space in reverse video, an upper half block (▀) a lower one
    /// (▄) in reverse video: the same picture. Fonts draw block glyphs a
    /// little off the cell: in xterm DejaVu Sans Mono's ▀ starts a pixel
    /// below the cell's top (a pale line where a stroke crosses from the row
    /// above, dark on a selected row) and its █ too, while its ▄ ends flush
    /// with the cell's bottom.
    public var asWritten: Cell {
        let written: String
        switch grapheme {
        case "█": written = " "
        case "▀": written = "▄"
        default: return self
        }
        var style = style
        style.reverse.toggle()
        return Cell(written, style: style)
    }
}
