/// How styles taller than one row are drawn.
public enum GlyphMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// What the terminal does best: `browse` asks it (`scaled`, `doubled`),
    /// and draws `mosaic` where it cannot tell.
    case automatic
    /// The most legible mosaic for each size, whatever the terminal.
    case mosaic
    /// Braille dots, 2×4 a cell.
    case braille
    /// Half blocks (▀ ▄ █): solid strokes, about twice the size of braille.
    case blocks
    /// Ordinary terminal text at every size, keeping the ramp's spacing.
    case native
    /// DEC double-size lines in the terminal's own font, and braille above
    /// them, as the ladder plan says (`LadderPlan`, `Data/ladder.tsv`).
    case doubled
    /// kitty's text-sizing protocol (OSC 66): the terminal's own font at
    /// Apple's size ratios.
    case scaled
    /// Text drawn as images (sixel or the kitty graphics protocol): the
    /// real font rasterised at Apple's size for every style, in terminals
    /// that report their cell size in pixels; mosaics where the cell size
    /// is unknown.
    case pixels
}
