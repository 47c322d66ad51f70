/// What the type ramp says about one style at one category, in terminal terms.
///
/// A terminal cannot change its font, so size becomes a number of rows per
/// line of glyphs: 1 is native text, 2 or more is drawn as a mosaic.
public struct StyleMetrics: Sendable, Hashable, Codable {
    /// Height of one line of glyphs in terminal rows; 1 is native terminal text.
    public var glyphRows: Int
    public var isBold: Bool
    /// Blank rows between this element and the next one in a cell.
    public var spacingAfter: Int
    /// Apple's point size for the style at this category (0 when unknown).
    public var points: Int

    public init(glyphRows: Int, isBold: Bool, spacingAfter: Int, points: Int = 0) {
        self.glyphRows = glyphRows
        self.isBold = isBold
        self.spacingAfter = spacingAfter
        self.points = points
    }
}
