/// A font resolved for one size of big glyphs: which file, at what pixel size,
/// drawn in which mosaic, and how wide a native column becomes.
///
/// Everything measuring needs is here, so wrapping big text never rasterises.
struct GlyphFace: Sendable, Hashable {
    var fontPath: String
    var faceIndex: Int32
    var mosaic: Mosaic
    /// Terminal rows one line of glyphs takes.
    var rows: Int
    /// The pixel size the font is drawn at (a bitmap font's strike height).
    var pixelSize: Int32
    /// 0: monochrome (bitmap strikes, hinted outlines); else the antialiased
    /// coverage (1…255) that counts as ink.
    var threshold: Int32 = 0
    /// Pixel row of the baseline, from the top of a line's box.
    var baseline: Int
    /// Cells one native column (half a CJK character) takes.
    var columnCells: Int
    /// The pattern fontconfig is asked with when a character is missing, if any.
    var fallbackPattern: String?
    /// Ink height of a capital H, in the mosaic's pixels: the ramp's target.
    var capHeight: Int

    var boxHeight: Int { rows * mosaic.pixelsDown }
}
