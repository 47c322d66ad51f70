import Canvas
import Model
import Screens
import Testing
import Typesetting

/// From Small down the window runs on after the address. After a
/// right-to-left address it is still its own left-to-right run: it reads
/// "09:00-12:00" (not "12:00-09:00", as the bidi algorithm orders digits
/// after Arabic letters when they share a run), and comes last in reading
/// order, at the line's left end. The isolate that does it is never drawn.
@Suite struct JoinedWindowDirectionTests {
    static let names = ["נועה לוי", "فاطمة الزهراء"]

    static func frame(category: ContentSizeCategory, glyphs: GlyphMode, ordering: RightToLeftOrdering = .program) -> Frame {
        DisplayWidth.prepareLocale()
        let rightToLeft = SampleData.deliveries.deliveries.filter { names.contains($0.name) }.map { delivery in
            var windowed = delivery
            windowed.window = "09:00-12:00"
            return windowed
        }
        var typesetter = Typesetter(glyphs: glyphs)
        typesetter.rightToLeft = ordering
        let state = AppState(source: InMemoryDeliveries(rightToLeft), size: Size(width: 100, height: 12), category: category, typesetter: typesetter)
        return state.render()
    }

    @Test(arguments: [ContentSizeCategory.small, .xSmall], [GlyphMode.native, .doubled, .braille, .blocks, .scaled])
    func theWindowReadsLeftToRightAtTheLeftEndOfARightToLeftAddress(category: ContentSizeCategory, glyphs: GlyphMode) throws {
        let lines = Self.frame(category: category, glyphs: glyphs).plainTextLines
        // Visual order: the Hebrew street "רחוב הרצל" reversed, the Arabic "شارع" shaped and reversed.
        for street in ["לצרה בוחר", "ﻉﺭﺎﺷ"] {
            let line = try #require(lines.first { $0.contains(street) }, "\(lines)")
            let window = try #require(line.range(of: "09:00-12:00 · "), "the window, then the address: \(line)")
            let address = try #require(line.range(of: street))
            #expect(window.upperBound <= address.lowerBound, "\(line)")
            #expect(!line.contains("12:00-09:00"), "\(line)")
        }
    }

    @Test(arguments: [ContentSizeCategory.small, .xSmall])
    func noIsolateOrReplacementCharacterReachesAFrame(category: ContentSizeCategory) {
        for glyphs in [GlyphMode.native, .doubled, .braille, .blocks, .pixels, .scaled] {
            let frame = Self.frame(category: category, glyphs: glyphs)
            let text = (0 ..< frame.height).flatMap { y in (0 ..< frame.width).map { frame[$0, y].grapheme } }.joined()
            #expect(!text.unicodeScalars.contains { (0x2066 ... 0x2069).contains($0.value) || $0.value == 0xFFFD }, "\(glyphs)")
        }
    }

    /// A terminal that orders right-to-left text itself gets the row in
    /// logical order and no isolate: a left-to-right mark in the cell before
    /// the window keeps the window's digits one left-to-right run there.
    @Test(arguments: [ContentSizeCategory.small, .xSmall])
    func whereTheTerminalOrdersTheCellBeforeTheWindowCarriesALeftToRightMark(category: ContentSizeCategory) throws {
        let frame = Self.frame(category: category, glyphs: .native, ordering: .terminal)
        let lines = frame.plainTextLines
        let y = try #require(lines.firstIndex { $0.contains("الرياض 12271 · ") }, "logical order: \(lines)")
        let cells = (0 ..< frame.width).map { frame[$0, y].grapheme }
        let window = try #require((0 ..< cells.count - 11).first { cells[$0 ..< $0 + 11].joined() == "09:00-12:00" })
        #expect(cells[window - 1] == " " + RightToLeftOrdering.leftToRightMark)
        #expect(!cells.joined().unicodeScalars.contains { (0x2066 ... 0x2069).contains($0.value) })
    }
}
