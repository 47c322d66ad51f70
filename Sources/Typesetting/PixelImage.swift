/// A line of text rasterised for the `pixels` glyph mode, before it has
/// colours: the antialiased coverage of its ink (0…255 a pixel), and, where
/// a colour font drew (emoji), premultiplied RGBA to put over it. The
/// terminal back end paints it in the line's colours.
public struct PixelImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height` bytes, row-major: how much of each pixel is ink.
    public let coverage: [UInt8]
    /// `4 × width × height` bytes of premultiplied RGBA drawn by colour
    /// glyphs, or nil when there are none.
    public let color: [UInt8]?

    public init(width: Int, height: Int, coverage: [UInt8], color: [UInt8]?) {
        self.width = width
        self.height = height
        self.coverage = coverage
        self.color = color
    }
}
