import Canvas

/// Turns a string in a text style at a content size category into lines of
/// cells no wider than a given width.
///
/// A value: screens make one from the app's settings and call it freely from
/// any thread; what is expensive to recompute lives in shared caches.
///
///     let typesetter = Typesetter(glyphs: .automatic)
///     let name = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility2, width: 80)
///     name.height  // 4 rows: one line of glyphs four rows tall
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
        let measured = MeasuredTextCache.shared.measured(text)
        let layout = LineWrapper.layout(measured, width: width, lineLimit: lineLimit)
        let lines = layout.lines.enumerated().map { index, range in
            var graphemes = Array(measured.graphemes[range])
            if layout.isTruncated, index == layout.lines.count - 1 { graphemes.append(Self.ellipsis) }
            return TypesetLine(graphemes: graphemes)
        }
        return TypesetText(lines: lines, isBold: metrics.isBold)
    }

    /// Rows `typeset` would return, from widths alone: nothing is built or drawn.
    public func height(
        of text: String, style: TextStyle, category: ContentSizeCategory, width: Int, lineLimit: Int? = nil
    ) -> Int {
        let measured = MeasuredTextCache.shared.measured(text)
        return LineWrapper.lineCount(measured, width: width, lineLimit: lineLimit)
    }

    static let ellipsis = Grapheme("…", columns: 1)
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
