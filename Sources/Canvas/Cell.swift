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
