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
    /// The cell as a terminal should write it. A full block (█) becomes a
    /// space in reverse video: the same solid cell, but filled by the
    /// terminal's background painting instead of a font glyph, which many
    /// fonts draw a pixel short of the cell, leaving hairline seams between
    /// rows of solid cells.
    public var asWritten: Cell {
        guard grapheme == "█" else { return self }
        var style = style
        style.reverse.toggle()
        return Cell(" ", style: style)
    }
}
