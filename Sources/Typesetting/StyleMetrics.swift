/// What the type ramp says about one style at one category, in terminal terms.
public struct StyleMetrics: Sendable, Hashable, Codable {
    /// Height of one line of glyphs in terminal rows; 1 is native terminal text.
    public var glyphRows: Int
    public var isBold: Bool
    /// Blank rows between this element and the next one in a cell.
    public var spacingAfter: Int

    public init(glyphRows: Int, isBold: Bool, spacingAfter: Int) {
        self.glyphRows = glyphRows
        self.isBold = isBold
        self.spacingAfter = spacingAfter
    }
}
