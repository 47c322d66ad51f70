import Canvas

/// Text broken into lines ready to draw: each line's graphemes are already
/// sanitised and measured, and for big glyphs each line is one row of mosaic.
public struct TypesetText: Sendable, Hashable {
    public var lines: [TypesetLine]
    public var isBold: Bool

    public init(lines: [TypesetLine], isBold: Bool) {
        self.lines = lines
        self.isBold = isBold
    }

    /// Terminal rows the text takes.
    public var height: Int { lines.count }
    /// Columns of the widest line.
    public var width: Int { lines.map(\.width).max() ?? 0 }
}

/// One row of typeset text, as the terminal cells it fills.
public struct TypesetLine: Sendable, Hashable {
    public var graphemes: [Grapheme]
    /// A DEC double-size half, for `--glyphs doubled`.
    public var lineAttribute: LineAttribute
    /// Set on the first row of text the terminal scales (OSC 66); the rows
    /// under it are empty lines the run covers.
    public var scaled: ScaledLine?
    /// Set on the first row of text shown as an image (`--glyphs pixels`);
    /// the rows under it are empty lines the image covers.
    public var pixels: PixelLine?

    /// A cluster of several spacing characters (🇯🇵, Thai สำ) becomes a cell
    /// for each, as the terminal draws it, whichever path typeset it
    /// (native text, or big glyphs falling back to native).
    public init(graphemes: [Grapheme]) {
        self.init(graphemes: graphemes, lineAttribute: .normal, scaled: nil)
    }

    public init(graphemes: [Grapheme], lineAttribute: LineAttribute, scaled: ScaledLine? = nil, pixels: PixelLine? = nil) {
        if graphemes.allSatisfy({ $0.text.unicodeScalars.count == 1 }) {
            self.graphemes = graphemes
        } else {
            self.graphemes = graphemes.flatMap { DisplayWidth.cells(of: $0) }
        }
        self.lineAttribute = lineAttribute
        self.scaled = scaled
        self.pixels = pixels
    }

    /// Display columns.
    public var width: Int { graphemes.reduce(0) { $0 + $1.columns } }
    /// The line as a string (for tests and plain output).
    public var text: String { graphemes.map(\.text).joined() }
}
