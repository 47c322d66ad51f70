#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One hand-tuned bitmap font at one size: a rung of the big-glyph ladder.
///
/// Bitmap fonts designed pixel by pixel read far better at 6–20 pixels than
/// outlines rasterised to those sizes (digits stop merging: 5 and 3, 6 and 0),
/// so each cap height the ladder uses has a strike from Debian's misc-fixed
/// (`xfonts-base`) or Terminus (`fonts-terminus-otb`). The numbers are the
/// strike's own, so layout never needs the font file: a machine without it
/// draws an outline font fitted to the same cap height in the same box.
struct GlyphStrike: Sendable, Hashable {
    /// The font file's name, looked for in `GlyphStrike.fontDirectories`.
    var file: String
    var isBold: Bool
    /// Height of the strike (ascent + descent): the pixel size FreeType selects.
    var pixelHeight: Int
    /// Ink height of a capital H: what the ladder's sizes are measured in.
    var capHeight: Int
    var ascent: Int
    var descent: Int
    /// Horizontal advance of every character (the fonts are monospaced).
    var advance: Int
}

extension GlyphStrike {
    /// The strikes the ladder draws, by cap height. The bold strike is drawn
    /// where the font has one (see `GlyphLadder.isBold(capHeight:)`); the smallest sizes
    /// have none.
    static let catalogue: [GlyphStrike] = [
        GlyphStrike(file: "4x6.pcf.gz", isBold: false, pixelHeight: 6, capHeight: 5, ascent: 5, descent: 1, advance: 4),
        GlyphStrike(file: "5x8.pcf.gz", isBold: false, pixelHeight: 8, capHeight: 6, ascent: 7, descent: 1, advance: 5),
        GlyphStrike(file: "6x10.pcf.gz", isBold: false, pixelHeight: 10, capHeight: 7, ascent: 8, descent: 2, advance: 6),
        terminus(12, cap: 8, ascent: 10, descent: 2, advance: 6, bold: false),
        terminus(12, cap: 8, ascent: 10, descent: 2, advance: 6, bold: true),
        GlyphStrike(file: "6x13.pcf.gz", isBold: false, pixelHeight: 13, capHeight: 9, ascent: 11, descent: 2, advance: 6),
        GlyphStrike(file: "6x13B.pcf.gz", isBold: true, pixelHeight: 13, capHeight: 9, ascent: 11, descent: 2, advance: 6),
        terminus(14, cap: 10, ascent: 12, descent: 2, advance: 8, bold: false),
        terminus(14, cap: 10, ascent: 12, descent: 2, advance: 8, bold: true),
        terminus(18, cap: 12, ascent: 15, descent: 3, advance: 10, bold: false),
        terminus(18, cap: 12, ascent: 15, descent: 3, advance: 10, bold: true),
        terminus(20, cap: 13, ascent: 16, descent: 4, advance: 10, bold: false),
        terminus(20, cap: 13, ascent: 16, descent: 4, advance: 10, bold: true),
        terminus(22, cap: 14, ascent: 17, descent: 5, advance: 11, bold: false),
        terminus(22, cap: 14, ascent: 17, descent: 5, advance: 11, bold: true),
        terminus(24, cap: 15, ascent: 19, descent: 5, advance: 12, bold: false),
        terminus(24, cap: 15, ascent: 19, descent: 5, advance: 12, bold: true),
        terminus(28, cap: 18, ascent: 22, descent: 6, advance: 14, bold: false),
        terminus(28, cap: 18, ascent: 22, descent: 6, advance: 14, bold: true),
        terminus(32, cap: 20, ascent: 26, descent: 6, advance: 16, bold: false),
        terminus(32, cap: 20, ascent: 26, descent: 6, advance: 16, bold: true),
        // Above Terminus' largest strike outlines rasterise cleanly: DejaVu
        // Sans Mono Bold (fonts-dejavu-core) fitted to the cap height, in this
        // box (its ink extent at 33 px, where H is 25 px tall: no size gives 24).
        GlyphStrike(file: outlineFile, isBold: true, pixelHeight: 33, capHeight: 25, ascent: 28, descent: 7, advance: 20),
    ]

    /// The outline the ladder's top rung is drawn from: not looked for in
    /// `fontDirectories`, so the face is found through fontconfig and fitted.
    static let outlineFile = "DejaVuSansMono-Bold.ttf"

    private static func terminus(_ size: Int, cap: Int, ascent: Int, descent: Int, advance: Int, bold: Bool) -> GlyphStrike {
        GlyphStrike(
            file: bold ? "terminus-bold.otb" : "terminus-normal.otb", isBold: bold, pixelHeight: size,
            capHeight: cap, ascent: ascent, descent: descent, advance: advance
        )
    }

    /// Fonts for characters the ladder's strike lacks, with the pixel sizes
    /// they are drawn exactly at: misc-fixed's hand-tuned Kanji, Hangul,
    /// Hebrew, Arabic and Thai, and GNU Unifont (the whole Basic Multilingual
    /// Plane on a 16-pixel grid, pixel-doubled at 32; `unifont_upper` has
    /// emoji). A missing character takes the largest that fits the line's box.
    static let fallbacks: [(file: String, pixelHeight: Int)] = [
        ("unifont.otf", 32), ("unifont_upper.otf", 32), ("10x20.pcf.gz", 20), ("18x18ja.pcf.gz", 18),
        ("18x18ko.pcf.gz", 18), ("9x18.pcf.gz", 18), ("unifont.otf", 16), ("unifont_upper.otf", 16),
        ("9x15.pcf.gz", 15), ("12x13ja.pcf.gz", 13), ("6x13.pcf.gz", 13), ("6x10.pcf.gz", 10),
    ]

    /// The strike for `capHeight`, bold if asked and available, else regular.
    static func strike(capHeight: Int, bold: Bool) -> GlyphStrike? {
        let sized = catalogue.filter { $0.capHeight == capHeight }
        return sized.first { $0.isBold == bold } ?? sized.first
    }

    /// Where Debian installs the fonts (misc-fixed, Terminus, Unifont), then
    /// the user's and the local font folders.
    static var fontDirectories: [String] {
        var folders = [
            "/usr/share/fonts/X11/misc", "/usr/share/fonts/opentype/terminus",
            "/usr/share/fonts/opentype/unifont", "/usr/share/fonts/truetype/unifont",
        ]
        if let data = getenv("XDG_DATA_HOME") { folders.append(String(cString: data) + "/fonts") }
        if let home = getenv("HOME").map({ String(cString: $0) }) { folders += [home + "/.local/share/fonts", home + "/.fonts"] }
        folders.append("/usr/local/share/fonts")
        return folders
    }

    /// The path of `file` in the first font folder that has it.
    static func path(of file: String) -> String? {
        for folder in fontDirectories {
            let candidate = folder + "/" + file
            if access(candidate, R_OK) == 0 { return candidate }
        }
        return nil
    }
}
