import Canvas

/// Turns a string in a text style at a content size category into lines of
/// cells no wider than a given width.
public struct Typesetter: Sendable {
    public var ramp: TypeRamp
    public var glyphs: GlyphMode

    public init(ramp: TypeRamp = .standard, glyphs: GlyphMode = .automatic) {
        self.ramp = ramp
        self.glyphs = glyphs
    }

    public func metrics(for style: TextStyle, at category: ContentSizeCategory) -> StyleMetrics {
        ramp.metrics(for: style, at: category)
    }

    /// Lays out `text` in at most `width` columns; with `lineLimit`, the last
    /// line kept ends in an ellipsis if text was cut.
    public func typeset(
        _ text: String, style: TextStyle, category: ContentSizeCategory, width: Int, lineLimit: Int? = nil
    ) -> TypesetText {
        let metrics = ramp.metrics(for: style, at: category)
        let lines = LineWrapper.wrap(DisplayWidth.graphemes(of: text), width: width, lineLimit: lineLimit)
        return TypesetText(lines: lines, isBold: metrics.isBold)
    }

    /// Rows `typeset` would return, without building them where that can be avoided.
    public func height(
        of text: String, style: TextStyle, category: ContentSizeCategory, width: Int, lineLimit: Int? = nil
    ) -> Int {
        typeset(text, style: style, category: category, width: width, lineLimit: lineLimit).height
    }
}

extension Typesetter {
    /// Average columns one character of `style` takes at `category`, for
    /// estimating heights without typesetting.
    public func estimatedAdvance(for style: TextStyle, at category: ContentSizeCategory) -> Double {
        let metrics = ramp.metrics(for: style, at: category)
        if glyphs == .native || metrics.glyphRows <= 1 { return 1 }
        // A monospace advance is 0.6 em and a cell is about twice as tall as wide.
        return Double(metrics.glyphRows) * 1.2
    }
}
