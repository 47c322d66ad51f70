import Canvas
import Screens
import Testing
import Typesetting

@testable import Terminal

/// Doubled rows drawn like plain ones: a doubled line shows cells in pairs,
/// so what shares its row (the selection bar, the badge, the scrollbar) must
/// look the same there as on the plain rows above and below it.
@Suite struct DoubledRowTests {
    static let categories: [ContentSizeCategory] = [.xLarge, .xxLarge, .xxxLarge, .accessibility2, .accessibility5]

    /// What a terminal shows at cell `x` of row `y`: on a doubled row, the
    /// pair's character, whose glyph covers both cells.
    static func shown(_ frame: Frame, x: Int, y: Int) -> String {
        guard frame.lineAttributes[y] != .normal else { return frame[x, y].asWritten.grapheme }
        return AnsiEncoder.standingOut(frame, pair: x / 2, y: y).asWritten.grapheme
    }

    /// At an odd width too: a doubled line shows the cells in pairs and
    /// cannot reach the last column, so the scrollbar stands one column in.
    @Test(arguments: categories, [100, 101])
    func theBarBadgeAndScrollbarLookTheSameOnDoubledRows(category: ContentSizeCategory, width: Int) throws {
        // 12 rows: the sample's three deliveries do not fit, so there is a scrollbar.
        let state = ScreenPainterTests.state(category: category, glyphs: .doubled, size: Size(width: width, height: 12))
        let frame = state.render()
        let doubled = (1 ..< frame.height - 1).filter { frame.lineAttributes[$0] != .normal }
        try #require(!doubled.isEmpty, "some row is doubled at \(category.name)")
        let scrollbarX = width - 1 - width % 2
        var scrollbarRows = 0
        var plainScrollbarRows = 0
        for y in 1 ..< frame.height - 1 where frame.lineAttributes[y] == .normal {
            if ["█", "▕"].contains(frame[scrollbarX, y].grapheme) { plainScrollbarRows += 1 }
            for x in scrollbarX + 1 ..< width { #expect(frame[x, y].grapheme == " ", "nothing past the scrollbar at row \(y)") }
        }
        #expect(plainScrollbarRows > 0, "the scrollbar at column \(scrollbarX) on plain rows")
        for y in doubled {
            // The selection bar: half a cell on a plain row, a quarter of a doubled pair.
            if frame[0, y].grapheme == "▌" { #expect(Self.shown(frame, x: 0, y: y) == "▎", "bar at row \(y)") }
            #expect(frame[1, y].grapheme == " ", "the bar's pair holds nothing else")
            // The badge's tile starts and ends on pair boundaries, solid on both cells of each pair.
            let tile = (2 ..< frame.width).prefix { frame[$0, y].grapheme == "█" || frame[$0, y].style.reverse && frame[$0, y].style.color != .normal }
            if let last = tile.last { #expect(last % 2 == 1, "the tile ends a pair at row \(y)") }
            // The scrollbar at the edge: a solid thumb or the track at the cell's right edge.
            if ["█", "▕"].contains(frame[scrollbarX, y].grapheme) {
                let bar = Self.shown(frame, x: scrollbarX, y: y)
                #expect(["▐", "▕"].contains(bar), "scrollbar at row \(y): \(bar)")
                scrollbarRows += 1
            }
        }
        #expect(scrollbarRows > 0, "the list is longer than the screen: a scrollbar beside doubled rows")
        // The text starts a pair: past the badge's tile and the gap, the first character.
        for y in doubled {
            var x = 2
            while x < scrollbarX, frame[x, y].grapheme != " " { x += 1 }
            while x < scrollbarX, frame[x, y].grapheme == " " { x += 1 }
            if x < scrollbarX { #expect(x % 2 == 0, "text at column \(x) of row \(y)") }
        }
    }

    @Test func aBadgeSymbolOnADoubledRowIsWholeOrOnAPlainRow() {
        let state = ScreenPainterTests.state(category: .xLarge, glyphs: .doubled, size: Size(width: 100, height: 30))
        let frame = state.render()
        for y in 1 ..< frame.height - 1 {
            for x in 2 ..< 12 where ["▸", "○", "✓", "✗"].contains(frame[x, y].grapheme) {
                switch frame.lineAttributes[y] {
                case .normal: break
                case .doubleTop:
                    #expect(x % 2 == 0 && frame[x, y + 1].grapheme == frame[x, y].grapheme, "the symbol's lower half under it")
                case .doubleBottom:
                    #expect(x % 2 == 0 && frame[x, y - 1].grapheme == frame[x, y].grapheme, "the symbol's upper half over it")
                case .doubleWide: Issue.record("no double-wide lines are drawn")
                }
            }
        }
    }

    /// A link on a doubled line is written pair by pair at the line's own
    /// columns: the text reads whole, neither letter-spaced nor cut.
    @Test func aLinkOnADoubledLineIsWrittenAtItsOwnColumns() throws {
        var state = ScreenPainterTests.state(category: .xxLarge, glyphs: .doubled, size: Size(width: 100, height: 30))
        _ = state.update(.key(.enter))
        let frame = state.render()
        let overlay = TerminalEscapes.linkOverlay(for: frame)
        #expect(overlay.contains("2450 Mission Street\u{1B}"), "the address, unspaced and whole")
        #expect(!overlay.contains("2 4 5 0"))
        #expect(!overlay.contains("\u{1B}[0;4m"), "no underline on doubled lines")
    }
}
