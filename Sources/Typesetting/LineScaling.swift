import Canvas

/// How the terminal itself draws a style bigger, when it can: the
/// alternative to mosaics chosen by `GlyphMode.doubled` and `.scaled`.
enum LineScaling: Sendable, Hashable {
    /// DEC double-height, double-width lines: two rows a line, two cells a column.
    case doubled
    /// OSC 66 at this scale: `scale.scale` rows a line and cells a column.
    case scaled(TextScale)
    /// An image of the line (`--glyphs pixels`) in this face: `face.rows`
    /// rows a line, and cells across as the face's advances add up.
    case pixels(PixelFace)

    /// Rows one line of text takes, and cells one native column takes.
    var factor: Int {
        switch self {
        case .doubled: 2
        case .scaled(let scale): scale.scale
        case .pixels(let face): face.rows
        }
    }
}
