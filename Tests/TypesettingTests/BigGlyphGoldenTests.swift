import Testing
@testable import Typesetting

/// Big-glyph output of a few words in each mosaic, compared with files in
/// `Resources/Goldens` (regenerate with `IDELIVERMOBILE_RECORD_GOLDENS=1`).
/// They pin DejaVu Sans Mono as fontconfig finds it on Debian 12.
@Suite struct BigGlyphGoldenTests {
    static let cases: [(file: String, glyphs: GlyphMode, category: ContentSizeCategory, style: TextStyle)] = [
        ("braille-2-rows", .braille, .xLarge, .headline),
        ("braille-3-rows", .braille, .accessibility2, .subheadline),
        ("blocks-3-rows", .blocks, .xxxLarge, .headline),
        ("blocks-4-rows", .blocks, .accessibility2, .headline),
        ("automatic-5-rows", .automatic, .accessibility5, .headline),
    ]

    @Test(arguments: cases.indices)
    func wordsMatchTheirGolden(index: Int) throws {
        let c = Self.cases[index]
        let typesetter = Typesetter(glyphs: c.glyphs)
        var out = ""
        for words in ["Feng Wong", "Amelia Hartley", "2450 Mission St."] {
            let set = typesetter.typeset(words, style: c.style, category: c.category, width: 120)
            out += set.lines.map { $0.text + "|\n" }.joined()
        }
        try GoldenFile(relativePath: "Tests/TypesettingTests/Resources/Goldens/\(c.file).txt").expectEqual(to: out)
    }
}
