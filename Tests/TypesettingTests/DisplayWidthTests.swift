import Testing
@testable import Typesetting

@Suite struct DisplayWidthTests {
    @Test func columnsFollowWcwidth() {
        #expect(DisplayWidth.columns(of: "Feng Wong") == 9)
        #expect(DisplayWidth.columns(of: "北京") == 4)
        #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
        #expect(DisplayWidth.columns(of: Character("\u{301}")) == 0)
        #expect(DisplayWidth.columns(of: "👍🏽") == 2)
        #expect(DisplayWidth.columns(of: "ｈ") == 2)
    }

    @Test func graphemesAreClustersNotScalars() {
        // A ZWJ family is drawn as its members (see TerminalCellTests).
        let graphemes = DisplayWidth.graphemes(of: "1\u{20E3}e\u{301}北")
        #expect(graphemes.map(\.text) == ["1\u{20E3}", "e\u{301}", "北"])
        #expect(graphemes.map(\.columns) == [1, 1, 2])
    }
}
