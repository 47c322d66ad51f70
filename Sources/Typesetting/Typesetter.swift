import Canvas

/// Turns a string in a text style at a content size category into lines of
/// cells no wider than a given width.
///
/// Styles the ramp makes big are rasterised from a real font (hand-tuned
/// bitmap strikes, see `GlyphStrike`) and drawn as braille or half-block
/// mosaics, several terminal rows per line of text. A value: screens make one from the app's settings and call it
/// from any thread; fonts and rasterised glyphs live in a shared cache.
///
///     let typesetter = Typesetter(glyphs: .automatic)
///     let name = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility2, width: 80)
///     name.height  // 4: one line of glyphs, four rows tall
public struct Typesetter: Sendable {
    public var ramp: TypeRamp
    public var glyphs: GlyphMode
    /// The font big glyphs are rasterised from.
    public var font: FontChoice
    /// Whether `height` keeps what it measures in the shared cache. Off for
    /// measuring many rows once (a full layout), where every text is new:
    /// there the cache's hashing and locking cost a tenth of the time, and
    /// its entries would push out the ones the screen on show re-uses.
    public var cachesMeasurements = true
    /// The terminal's cell in pixels, which `.pixels` needs to size its
    /// images; without it `.pixels` draws mosaics.
    public var cellPixels: CellPixelSize?
    /// False for text that holds a character a doubled line cannot (see
    /// `holding(_:)`): its doubled drawings go up to `LadderPlan.doubledFallback`.
    public var doublesLines = true
    /// What the status bar and help call the mode in use: the mode, and
    /// why (the terminal that was recognised), e.g. "doubled (xterm)".
    public var glyphsLabel: String
    /// Who orders native right-to-left lines: here (the default, for
    /// terminals without BiDi) or the terminal (see `RightToLeftOrdering`).
    public var rightToLeft: RightToLeftOrdering = .program

    public init(ramp: TypeRamp = .standard, glyphs: GlyphMode = .automatic, font: FontChoice = .automatic) {
        self.ramp = ramp
        self.glyphs = glyphs
        self.font = font
        glyphsLabel = glyphs.rawValue
    }

    /// Whether some line may be drawn as a DEC doubled line (the screens
    /// then keep what shares a row with one on pairs of columns).
    public var mayDoubleLines: Bool { glyphs == .doubled }

    /// How `style` is drawn at `category`: the mode's ladder plan, with the
    /// doubled rungs moved up for text a doubled line cannot hold.
    public func drawing(for style: TextStyle, at category: ContentSizeCategory) -> LadderPlan.Drawing {
        // Without a cell size images cannot be measured: mosaics instead.
        let plan = LadderPlan.of(glyphs == .pixels && cellPixels == nil ? .automatic : glyphs)
        let drawing = plan.drawing(of: style, at: category)
        return drawing == .doubled && !doublesLines ? LadderPlan.doubledFallback : drawing
    }

    /// This typesetter for a group of texts drawn together (one delivery):
    /// if any of them holds a character a doubled line cannot, none is
    /// doubled, so the group keeps the ladder's order of styles
    /// (a Latin name is not drawn smaller than a Japanese address).
    public func holding(_ texts: [String]) -> Typesetter {
        guard doublesLines, glyphs == .doubled, !texts.allSatisfy(Self.fitsDoubledLines) else { return self }
        var copy = self
        copy.doublesLines = false
        return copy
    }

    /// Whether every character of `text` can be drawn on a doubled line.
    static func fitsDoubledLines(_ text: String) -> Bool {
        printableASCIIColumns(text) != nil
            || MeasuredTextCache.shared.measured(text).graphemes().allSatisfy { $0.columns == 0 || isSafeOnDoubledLines($0) }
    }

    /// Self, or for text a doubled line cannot hold where `style` would be
    /// doubled, a typesetter that draws it the next rung up.
    private func fitting(_ text: String, style: TextStyle, at category: ContentSizeCategory) -> Typesetter? {
        guard doublesLines, glyphs == .doubled, drawing(for: style, at: category) == .doubled,
              !Self.fitsDoubledLines(text) else { return nil }
        var copy = self
        copy.doublesLines = false
        return copy
    }

    public func metrics(for style: TextStyle, at category: ContentSizeCategory) -> StyleMetrics {
        ramp.metrics(for: style, at: category)
    }

    /// Lays out `text` in at most `width` columns; with `lineLimit`, the last
    /// line kept ends in an ellipsis if text was cut. Big glyphs wrap by their
    /// own width and give `rowsPerLine` rows per line of text.
    ///
    /// `isolatedSuffix`, the end of `text` read in a direction of its own
    /// (a time window run on after an address), is ordered as a bidi
    /// isolate: a right-to-left text before it does not reverse it (see
    /// `VisualOrder.line`). It changes no width, so `height(of:)` needs it not.
    public func typeset(
        _ text: String, style: TextStyle, category: ContentSizeCategory, width: Int, lineLimit: Int? = nil,
        isolatedSuffix: String? = nil
    ) -> TypesetText {
        if let other = fitting(text, style: style, at: category) {
            return other.typeset(text, style: style, category: category, width: width, lineLimit: lineLimit,
                                 isolatedSuffix: isolatedSuffix)
        }
        let metrics = ramp.metrics(for: style, at: category)
        let shown = Self.shownPrefix(of: text, lineLimit: lineLimit, width: width)
        let measured = MeasuredTextCache.shared.measured(shown)
        // A text cut to what its lines can show has lost its end, the suffix with it.
        let isolatedFrom = shown.utf8.count == text.utf8.count
            ? isolatedSuffix.flatMap { Self.start(of: $0, endingGraphemes: measured.graphemes()) } : nil
        if case .pixels(let face) = lineScaling(for: style, at: category) {
            return typesetPixels(measured, face: face, isBold: metrics.isBold, width: width, lineLimit: lineLimit, isolatedFrom: isolatedFrom)
        }
        if let scaling = lineScaling(for: style, at: category) {
            return typesetScaled(measured, scaling: scaling, isBold: metrics.isBold, width: width, lineLimit: lineLimit,
                                 isolatedFrom: isolatedFrom)
        }
        let face = bigFace(for: style, at: category)
        let layout = LineWrapper.layout(measured, columnScale: face?.columnCells ?? 1, width: width, lineLimit: lineLimit)
        let all = measured.graphemes()
        var lines: [TypesetLine] = []
        for (index, range) in layout.lines.enumerated() {
            var graphemes = Array(all[range])
            if layout.isTruncated, index == layout.lines.count - 1 { graphemes.append(Self.ellipsis) }
            let isolated = Self.isolatedFrom(isolatedFrom, inLine: range)
            if let face {
                lines += Self.draw(VisualOrder.line(graphemes, isolatedFrom: isolated), in: face, width: width)
            } else {
                lines.append(TypesetLine(graphemes: nativeOrder(graphemes, isolatedFrom: isolated)))
            }
        }
        return TypesetText(lines: lines, isBold: metrics.isBold)
    }

    /// Where `suffix` starts among `graphemes` (a whole text's), or nil
    /// where the text does not end with it grapheme for grapheme (a suffix
    /// starting with a mark joins the grapheme before it): then nothing is isolated.
    static func start(of suffix: String, endingGraphemes graphemes: [Grapheme]) -> Int? {
        let cells = MeasuredTextCache.shared.measured(suffix).graphemes().map(\.text)
        guard !cells.isEmpty, graphemes.count >= cells.count,
              graphemes.suffix(cells.count).map(\.text).elementsEqual(cells) else { return nil }
        return graphemes.count - cells.count
    }

    /// A text's isolate start (`start(of:endingGraphemes:)`) within the line
    /// holding its graphemes `range`: 0 where the isolate began on an earlier
    /// line, nil where it begins on a later one.
    static func isolatedFrom(_ start: Int?, inLine range: Range<Int>) -> Int? {
        guard let start, start < range.upperBound else { return nil }
        return max(0, start - range.lowerBound)
    }

    /// One native line as it is written to the terminal: shaped and in
    /// visual order when the program orders right-to-left text, else in
    /// logical order with its isolate marked (`VisualOrder.markingIsolate`).
    func nativeOrder(_ graphemes: [Grapheme], isolatedFrom: Int? = nil) -> [Grapheme] {
        switch rightToLeft {
        case .program: VisualOrder.line(graphemes, isolatedFrom: isolatedFrom)
        case .terminal: VisualOrder.markingIsolate(graphemes, from: isolatedFrom)
        }
    }

    /// Rows `typeset` would return, from widths alone: nothing is rasterised
    /// and no line is built, and the text's graphemes and break opportunities
    /// come from a shared cache.
    public func height(
        of text: String, style: TextStyle, category: ContentSizeCategory, width: Int, lineLimit: Int? = nil
    ) -> Int {
        if let other = fitting(text, style: style, at: category) {
            return other.height(of: text, style: style, category: category, width: width, lineLimit: lineLimit)
        }
        if case .pixels(let face) = lineScaling(for: style, at: category) {
            return pixelHeight(text, face: face, width: width, lineLimit: lineLimit)
        }
        if let scaling = lineScaling(for: style, at: category) {
            return scaledHeight(text, scaling: scaling, width: width, lineLimit: lineLimit)
        }
        let face = bigFace(for: style, at: category)
        let scale = face?.columnCells ?? 1
        // Printable ASCII that fits whole is one line, whatever its breaks:
        // short names and delivery windows need no measuring at all.
        if Self.printableASCIIColumns(text).map({ $0 * scale <= max(1, width) }) == true {
            return face?.rows ?? 1
        }
        let shown = Self.shownPrefix(of: text, lineLimit: lineLimit, width: width)
        let measured = cachesMeasurements ? MeasuredTextCache.shared.measured(shown) : MeasuredText(shown)
        let lines = LineWrapper.lineCount(measured, columnScale: scale, width: width, lineLimit: lineLimit)
        return lines * (face?.rows ?? 1)
    }

    /// The part of `text` that `lineLimit` lines of `width` columns can show,
    /// with a line to spare so the last line breaks as it would in the whole
    /// text: a megabyte field costs what a screenful does. Every grapheme
    /// drawn takes a column or more, so anything past it is never shown, and
    /// the cut text still overflows the limit, so the last line gets its ellipsis.
    public static func shownPrefix(of text: String, lineLimit: Int?, width: Int) -> String {
        guard let lineLimit, lineLimit > 0 else { return text }
        let bound = (lineLimit + 1) * max(1, width)
        // UTF-8 bytes are never fewer than graphemes: most texts need no counting.
        guard text.utf8.count > bound else { return text }
        let prefix = text.prefix(bound)
        return prefix.endIndex == text.endIndex ? text : String(prefix)
    }

    /// Columns of text made only of printable ASCII (one column a character), else nil.
    static func printableASCIIColumns(_ text: String) -> Int? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
            return bytes.count
        } ?? nil
    }

    /// The mosaic big text is drawn in, or nil for native text (and for
    /// `scaled`, where the terminal draws every size). `automatic` is
    /// braille: with bitmap strikes it read best at every size in xterm
    /// screenshots and OCR (`make legibility`), and its dots are square.
    var mosaic: Mosaic? {
        switch glyphs {
        case .native, .scaled: nil
        // Doubled lines hand the sizes beyond twice native to the mosaic ladder, as do
        // images without a cell size.
        case .braille, .automatic, .mosaic, .doubled, .pixels: .braille
        case .blocks: .halfBlocks
        }
    }

    /// The face big glyphs of this style are drawn in, or nil for native text
    /// (a native-size style, `.native`, doubled or scaled lines, or no font on the machine).
    func bigFace(for style: TextStyle, at category: ContentSizeCategory) -> GlyphFace? {
        guard let (mosaic, cap) = drawing(for: style, at: category).mosaicCap else { return nil }
        let bold = GlyphLadder.isBold(capHeight: cap) || ramp.metrics(for: style, at: category).isBold
        return GlyphCache.shared.face(font: font, bold: bold, capHeight: cap, mosaic: mosaic)
    }

    /// One line of text as `face.rows` lines of mosaic, clipped to `width`.
    static func draw(_ graphemes: [Grapheme], in face: GlyphFace, width: Int) -> [TypesetLine] {
        var rows = [[Grapheme]](repeating: [], count: face.rows)
        var used = 0
        for grapheme in graphemes where grapheme.columns > 0 {
            let cells = grapheme.columns * face.columnCells
            // A single character wider than the whole line is cut at the edge.
            if used + cells > width, used > 0 { break }
            let block = GlyphCache.shared.block(for: grapheme, in: face)
            for row in 0 ..< face.rows {
                var cellsInRow = block.rows[row]
                if used + cells > width { cellsInRow = clip(cellsInRow, to: width - used) }
                rows[row] += cellsInRow
            }
            used += cells
        }
        return rows.map(TypesetLine.init(graphemes:))
    }

    private static func clip(_ graphemes: [Grapheme], to width: Int) -> [Grapheme] {
        var out: [Grapheme] = [], used = 0
        for g in graphemes {
            if used + g.columns > width { break }
            out.append(g)
            used += g.columns
        }
        return out
    }

    static let ellipsis = Grapheme("…", columns: 1)
}

extension Typesetter {
    /// Columns one native column of `style` takes at `category` (one for
    /// native text, the font's advance in cells for big glyphs): exact for
    /// Latin text, for estimating heights without typesetting.
    public func estimatedAdvance(for style: TextStyle, at category: ContentSizeCategory) -> Double {
        if case .pixels(let face) = lineScaling(for: style, at: category) {
            return Double(face.advance64) / Double(64 * face.cell.width)
        }
        if let scaling = lineScaling(for: style, at: category) { return Double(scaling.factor) }
        return Double(bigFace(for: style, at: category)?.columnCells ?? 1)
    }

    /// Terminal rows one line of `style` text takes at `category` as drawn:
    /// the face's rows for big glyphs, 1 for native text (`.native`,
    /// native-size styles, or no font on the machine).
    public func rowsPerLine(for style: TextStyle, at category: ContentSizeCategory) -> Int {
        if let scaling = lineScaling(for: style, at: category) { return scaling.factor }
        return bigFace(for: style, at: category)?.rows ?? 1
    }
}
