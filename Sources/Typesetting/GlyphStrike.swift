#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One font at one size: a rung of the big-glyph ladder.
///
/// Measured in xterm screenshots by OCR (`make legibility`): below a cap
/// height of 12 hand-tuned bitmap fonts read better than outlines rasterised
/// to those sizes, so those rungs are strikes from Debian's misc-fixed
/// (`xfonts-base`) and Terminus (`fonts-terminus-otb`); from 12 up DejaVu Sans
/// Mono Bold hinted to whole pixels reads best (Terminus' square 2, 7 and 8
/// were read as 7, ? and 3 or 6). The numbers are the strike's own, so
/// layout never needs the font file: a machine without it draws an outline
/// font fitted to the same cap height in the same box.
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
    /// 0: drawn as the font gives it (a bitmap strike, or an outline hinted
    /// to whole pixels, monochrome); else an outline antialiased, and a pixel
    /// of at least this coverage (of 255) is ink.
    var threshold: Int32 = 0
}

extension GlyphStrike {
    /// The strikes the ladder draws, by cap height. From a cap of 10 up only
    /// the bold is drawn (see `GlyphLadder.isBold(capHeight:)`); the smallest
    /// sizes have no bold.
    static let catalogue: [GlyphStrike] = [
        GlyphStrike(file: "4x6.pcf.gz", isBold: false, pixelHeight: 6, capHeight: 5, ascent: 5, descent: 1, advance: 4),
        GlyphStrike(file: "5x8.pcf.gz", isBold: false, pixelHeight: 8, capHeight: 6, ascent: 7, descent: 1, advance: 5),
        GlyphStrike(file: "6x10.pcf.gz", isBold: false, pixelHeight: 10, capHeight: 7, ascent: 8, descent: 2, advance: 6),
        terminus(12, cap: 8, ascent: 10, descent: 2, advance: 6, bold: false),
        terminus(12, cap: 8, ascent: 10, descent: 2, advance: 6, bold: true),
        GlyphStrike(file: "6x13.pcf.gz", isBold: false, pixelHeight: 13, capHeight: 9, ascent: 11, descent: 2, advance: 6),
        GlyphStrike(file: "6x13B.pcf.gz", isBold: true, pixelHeight: 13, capHeight: 9, ascent: 11, descent: 2, advance: 6),
        terminus(14, cap: 10, ascent: 12, descent: 2, advance: 8, bold: true),
        // DejaVu in the box of the Terminus strike it replaced where there was
        // one (12–20: rows and wrapping did not move), else its ink extent
        // with Terminus' room above the cap for accents. At 13 antialiased:
        // hinted monochrome, its M closes into an H ("Horeno").
        dejaVuBold(16, cap: 12, ascent: 15, descent: 3, advance: 10),
        dejaVuBold(17, cap: 13, ascent: 16, descent: 4, advance: 10, threshold: 110),
        dejaVuBold(19, cap: 14, ascent: 17, descent: 5, advance: 11),
        dejaVuBold(20, cap: 15, ascent: 19, descent: 5, advance: 12),
        dejaVuBold(22, cap: 16, ascent: 20, descent: 5, advance: 13),
        dejaVuBold(23, cap: 17, ascent: 21, descent: 6, advance: 14),
        dejaVuBold(24, cap: 18, ascent: 22, descent: 6, advance: 14),
        dejaVuBold(27, cap: 20, ascent: 26, descent: 6, advance: 16),
        dejaVuBold(34, cap: 25, ascent: 28, descent: 7, advance: 20),
    ]

    /// The outline the ladder's rungs from a cap of 12 up are drawn from
    /// (Debian's folder for it is in `fontDirectories`).
    static let outlineFile = "DejaVuSansMono-Bold.ttf"

    /// DejaVu Sans Mono Bold (fonts-dejavu-core) at a pixel size where its
    /// capital H is exactly `cap` tall, by default drawn monochrome with the
    /// font's own hinting (its bytecode snaps stems to whole pixels).
    private static func dejaVuBold(
        _ size: Int, cap: Int, ascent: Int, descent: Int, advance: Int, threshold: Int32 = 0
    ) -> GlyphStrike {
        GlyphStrike(
            file: outlineFile, isBold: true, pixelHeight: size, capHeight: cap,
            ascent: ascent, descent: descent, advance: advance, threshold: threshold
        )
    }

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
            "/usr/share/fonts/truetype/dejavu",
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
