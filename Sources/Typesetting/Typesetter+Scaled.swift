import Canvas

/// Text the terminal scales itself (`--glyphs doubled` and `scaled`): lines
/// are wrapped by the same `LineWrapper` as mosaics, with `factor` cells a
/// column and `factor` rows a line, so measured heights are drawn heights.
extension Typesetter {
    /// How the terminal draws `style` at `category` itself (the ladder
    /// plan's doubled and scaled drawings, or images), or nil for native
    /// text or mosaics.
    func lineScaling(for style: TextStyle, at category: ContentSizeCategory) -> LineScaling? {
        switch drawing(for: style, at: category) {
        case .doubled: .doubled
        // The terminal draws every size itself, native ones included: never a mosaic.
        case .scaled(let scale): .scaled(scale)
        // Only with a cell size (see `drawing(for:at:)`).
        case .pixels: pixelScaling(for: style, at: category)
        case .native, .braille, .blocks: nil
        }
    }

    /// The OSC 66 scale of `style` at `category`: Apple's points relative to
    /// Large's Body (17 pt), as near as `s` and `n/d` can state it.
    public static func textScale(for style: TextStyle, at category: ContentSizeCategory) -> TextScale {
        LadderPlan.textScale(for: style, at: category)
    }

    func typesetScaled(
        _ measured: MeasuredText, scaling: LineScaling, isBold: Bool, width: Int, lineLimit: Int?, isolatedFrom: Int? = nil
    ) -> TypesetText {
        let factor = scaling.factor
        let layout = LineWrapper.layout(measured, columnScale: factor, width: width, lineLimit: lineLimit)
        let all = measured.graphemes()
        var lines: [TypesetLine] = []
        for (index, range) in layout.lines.enumerated() {
            var graphemes = Array(all[range])
            if layout.isTruncated, index == layout.lines.count - 1 { graphemes.append(Self.ellipsis) }
            // The terminal scales cells as written: right-to-left text goes in ordered (no doubled line holds it).
            graphemes = nativeOrder(graphemes, isolatedFrom: Self.isolatedFrom(isolatedFrom, inLine: range)).filter { $0.columns > 0 }
            // The fallback: each character then the blanks its block covers.
            var spaced: [Grapheme] = []
            for grapheme in graphemes {
                spaced.append(grapheme)
                spaced += Array(repeating: Grapheme(" ", columns: 1), count: grapheme.columns * (factor - 1))
            }
            switch scaling {
            case .pixels:
                // Typeset by `typesetPixels`; never reached.
                lines.append(TypesetLine(graphemes: graphemes))
            case .scaled(let scale) where scale.isNative:
                lines.append(TypesetLine(graphemes: graphemes))
            case .doubled:
                lines.append(TypesetLine(graphemes: spaced, lineAttribute: .doubleTop))
                lines.append(TypesetLine(graphemes: spaced, lineAttribute: .doubleBottom))
            case .scaled(let scale):
                lines.append(TypesetLine(graphemes: spaced, lineAttribute: .normal, scaled: ScaledLine(graphemes: graphemes, scale: scale)))
                lines += Array(repeating: TypesetLine(graphemes: []), count: factor - 1)
            }
        }
        return TypesetText(lines: lines, isBold: isBold)
    }

    /// Characters every monospace font has, so a terminal never falls back
    /// to another font on a double-size line: one column wide, and Latin
    /// (ASCII to Latin Extended-B), Greek, Cyrillic, common punctuation, or
    /// the box, block and shape characters the screens draw.
    static func isSafeOnDoubledLines(_ grapheme: Grapheme) -> Bool {
        guard grapheme.columns == 1 else { return false }
        return grapheme.text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20 ... 0x7E, 0xA0 ... 0x24F, 0x370 ... 0x3FF, 0x400 ... 0x4FF, 0x2010 ... 0x2027, 0x2030 ... 0x205E,
                 0x2500 ... 0x25FF, 0x2713 ... 0x2717:
                true
            default:
                false
            }
        }
    }

    func scaledHeight(_ text: String, scaling: LineScaling, width: Int, lineLimit: Int?) -> Int {
        let factor = scaling.factor
        if Self.printableASCIIColumns(text).map({ $0 * factor <= max(1, width) }) == true { return factor }
        let measured = cachesMeasurements ? MeasuredTextCache.shared.measured(text) : MeasuredText(text)
        return LineWrapper.lineCount(measured, columnScale: factor, width: width, lineLimit: lineLimit) * factor
    }
}
