/// How styles taller than one row are drawn.
public enum GlyphMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The most legible mosaic for each size.
    case automatic
    /// Braille dots, 2×4 a cell.
    case braille
    /// Quadrant and half-block mosaics, solid strokes.
    case blocks
    /// Ordinary terminal text at every size, keeping the ramp's spacing.
    case native
}
