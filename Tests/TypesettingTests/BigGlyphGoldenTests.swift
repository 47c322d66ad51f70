import Testing
@testable import Typesetting

/// Big-glyph output of a few words in each mosaic, compared with files in
/// `Resources/Goldens` (regenerate with `IDELIVERMOBILE_RECORD_GOLDENS=1`).
/// They pin the bitmap strikes of Debian 12 (misc-fixed, Terminus, Unifont:
/// `make deps` installs them).
@Suite struct BigGlyphGoldenTests {
    static let cases: [(file: String, glyphs: GlyphMode, category: ContentSizeCategory, style: TextStyle)] = [
        ("braille-xLarge-headline", .braille, .xLarge, .headline),
        ("braille-xLarge-subheadline", .braille, .xLarge, .subheadline),
        ("braille-AX2-subheadline", .braille, .accessibility2, .subheadline),
        ("blocks-xxxLarge-headline", .blocks, .xxxLarge, .headline),
        ("blocks-AX2-headline", .blocks, .accessibility2, .headline),
        ("automatic-AX5-headline", .automatic, .accessibility5, .headline),
    ]

    @Test(arguments: cases.indices)
    func wordsMatchTheirGolden(index: Int) throws {
        let c = Self.cases[index]
        let typesetter = Typesetter(glyphs: c.glyphs)
        var out = ""
        for words in ["Feng Wong", "Amelia Hartley", "2450 Mission St.", "154-0024 16:00 i6 53", "佐藤 Ж"] {
            let set = typesetter.typeset(words, style: c.style, category: c.category, width: 120)
            out += set.lines.map { $0.text + "|\n" }.joined()
        }
        try GoldenFile(relativePath: "Tests/TypesettingTests/Resources/Goldens/\(c.file).txt").expectEqual(to: out)
    }
}
