import Canvas

/// Text shown as images (`--glyphs pixels`): every style at Apple's point
/// size for its category, relative to Large's Body drawn as tall as the
/// terminal's own capitals. A line is wrapped in native columns, as many as
/// the face's advances fit in the width, so its image (whole cells: the
/// advances added up, rounded up) is never wider than the width; it takes
/// `face.rows` rows. Measured heights are drawn heights.
extension Typesetter {
    /// True when text is drawn as images (`.pixels` with a cell size).
    public var drawsImages: Bool { glyphs == .pixels && cellPixels != nil }

    /// The face `style` is drawn in at `category`, or native text where the
    /// size is Large's Body's (a native line is exactly that size), or nil
    /// (mosaics) without a cell size or an outline font.
    func pixelScaling(for style: TextStyle, at category: ContentSizeCategory) -> LineScaling? {
        guard let cellPixels else { return nil }
        let metrics = ramp.metrics(for: style, at: category)
        let points = ApplePointSizes.points(of: style, at: category)
        if Double(points) == PixelRaster.referencePoints { return .scaled(TextScale(scale: 1)) }
        return PixelRaster.shared.face(font: font, bold: metrics.isBold, points: points, cell: cellPixels).map(LineScaling.pixels)
    }

    func typesetPixels(
        _ measured: MeasuredText, face: PixelFace, isBold: Bool, width: Int, lineLimit: Int?, isolatedFrom: Int? = nil
    ) -> TypesetText {
        let layout = LineWrapper.layout(measured, columnScale: 1, width: face.columns(fittingCells: max(1, width)), lineLimit: lineLimit)
        let all = measured.graphemes()
        var lines: [TypesetLine] = []
        for (index, range) in layout.lines.enumerated() {
            let line = Array(all[range])
            // The isolate's start among the graphemes kept.
            let isolated = Self.isolatedFrom(isolatedFrom, inLine: range).map { start in line.prefix(start).filter { $0.columns > 0 }.count }
            var graphemes = line.filter { $0.columns > 0 }
            while graphemes.last?.text == " " { graphemes.removeLast() }
            if layout.isTruncated, index == layout.lines.count - 1 { graphemes.append(Self.ellipsis) }
            let columns = min(max(1, width), face.cells(forColumns: graphemes.reduce(0) { $0 + $1.columns }))
            let image = PixelLine(graphemes: VisualOrder.line(graphemes, isolatedFrom: isolated), face: face, columns: columns)
            lines.append(TypesetLine(graphemes: Self.fallback(graphemes, columns: columns), lineAttribute: .normal, pixels: image))
            lines += Array(repeating: TypesetLine(graphemes: []), count: face.rows - 1)
        }
        return TypesetText(lines: lines, isBold: isBold)
    }

    /// The plain text a line's cells hold under its image (what `render`
    /// prints without `--ansi`): its characters, cut or padded to the image's width.
    static func fallback(_ graphemes: [Grapheme], columns: Int) -> [Grapheme] {
        var out: [Grapheme] = [], used = 0
        for grapheme in graphemes {
            if used + grapheme.columns > columns { break }
            out.append(grapheme)
            used += grapheme.columns
        }
        return out + Array(repeating: Grapheme(" ", columns: 1), count: columns - used)
    }

    func pixelHeight(_ text: String, face: PixelFace, width: Int, lineLimit: Int?) -> Int {
        let columns = face.columns(fittingCells: max(1, width))
        if Self.printableASCIIColumns(text).map({ $0 <= columns }) == true { return face.rows }
        let shown = Self.shownPrefix(of: text, lineLimit: lineLimit, width: columns)
        let measured = cachesMeasurements ? MeasuredTextCache.shared.measured(shown) : MeasuredText(shown)
        return LineWrapper.lineCount(measured, columnScale: 1, width: columns, lineLimit: lineLimit) * face.rows
    }
}
