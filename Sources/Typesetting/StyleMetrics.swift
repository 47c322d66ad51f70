/// What the type ramp says about one style at one category, in terminal terms.
///
/// A terminal cannot change its font, so size becomes the cap height of big
/// glyphs drawn as a mosaic, in the mosaic's own pixels (braille dots or
/// half-block halves); 0 is native terminal text.
public struct StyleMetrics: Sendable, Hashable, Codable {
    public var isBold: Bool
    /// Blank rows between this element and the next one in a cell.
    public var spacingAfter: Int
    /// Apple's point size for the style at this category (0 when unknown).
    public var points: Int
    /// Cap height in braille dots (4 a row); 0 for native text.
    public var brailleCap: Int
    /// Cap height in half-block pixels (2 a row); 0 for native text.
    public var blocksCap: Int

    public init(isBold: Bool, spacingAfter: Int, points: Int = 0, brailleCap: Int = 0, blocksCap: Int = 0) {
        self.isBold = isBold
        self.spacingAfter = spacingAfter
        self.points = points
        self.brailleCap = brailleCap
        self.blocksCap = blocksCap
    }

    /// True where the style is drawn as native text in every mosaic.
    public var isNative: Bool { brailleCap == 0 && blocksCap == 0 }

    func capHeight(in mosaic: Mosaic) -> Int {
        switch mosaic {
        case .braille: brailleCap
        case .halfBlocks: blocksCap
        }
    }
}
