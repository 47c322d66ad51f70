/// One line of text the terminal shows as an image (the `pixels` glyph
/// mode): its characters in drawing order, and everything that decides how
/// they are rasterised, so the same line is the same picture anywhere and
/// can be cached by value. The image is `columns` × `face.rows` cells.
public struct PixelLine: Sendable, Hashable {
    /// The characters in visual order (right-to-left text already reordered and shaped).
    public var graphemes: [Grapheme]
    public var face: PixelFace
    /// Cells across the image.
    public var columns: Int

    public init(graphemes: [Grapheme], face: PixelFace, columns: Int) {
        self.graphemes = graphemes
        self.face = face
        self.columns = columns
    }

    /// Rows the image takes.
    public var rows: Int { face.rows }
    /// The image's size in pixels.
    public var pixelWidth: Int { columns * face.cell.width }
    public var pixelHeight: Int { rows * face.cell.height }

    /// Where each grapheme that takes columns is drawn, in pixels from the
    /// image's left edge: its columns at `face.advance64` each, the edges
    /// rounded to whole pixels, so neighbours share an edge. Those that start
    /// past the image (a line drawn narrower than its text) are left out; the
    /// last may end past it. `PixelRaster` draws each grapheme in its span,
    /// and tools cut a screenshot of the image by them.
    public var graphemeSpans: [(grapheme: Grapheme, pixels: Range<Int>)] {
        var spans: [(grapheme: Grapheme, pixels: Range<Int>)] = []
        var x64 = 0
        for grapheme in graphemes where grapheme.columns > 0 {
            let box64 = Int(face.advance64) * grapheme.columns
            let left = (x64 + 32) >> 6, right = (x64 + box64 + 32) >> 6
            x64 += box64
            guard left < pixelWidth else { break }
            spans.append((grapheme, left ..< right))
        }
        return spans
    }
}

/// A font at one size, placed in a box of whole cells: the outline font
/// file, the em in 1/64 pixel, how far a native column advances, and the
/// baseline's pixel row in the box.
public struct PixelFace: Sendable, Hashable {
    public var fontPath: String
    public var faceIndex: Int32
    public var isBold: Bool
    /// The em square in 1/64 pixel.
    public var size64: Int32
    /// Pixels (in 1/64) one native column advances: a wide character takes two.
    public var advance64: Int32
    /// Pixel row of the baseline, from the top of the box.
    public var baseline: Int
    /// Cells down the box.
    public var rows: Int
    public var cell: CellPixelSize

    public init(
        fontPath: String, faceIndex: Int32, isBold: Bool, size64: Int32, advance64: Int32, baseline: Int, rows: Int,
        cell: CellPixelSize
    ) {
        self.fontPath = fontPath
        self.faceIndex = faceIndex
        self.isBold = isBold
        self.size64 = size64
        self.advance64 = advance64
        self.baseline = baseline
        self.rows = rows
        self.cell = cell
    }

    /// Cells across `nativeColumns` columns of text (rounded up: the image ends on a whole cell).
    public func cells(forColumns nativeColumns: Int) -> Int {
        let pixels64 = Int(advance64) * nativeColumns
        let cell64 = 64 * cell.width
        return (pixels64 + cell64 - 1) / cell64
    }

    /// The most native columns that fit in `cells` cells.
    public func columns(fittingCells cells: Int) -> Int {
        guard advance64 > 0 else { return cells }
        return max(1, 64 * cell.width * cells / Int(advance64))
    }
}
