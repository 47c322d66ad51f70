import Canvas
import Testing
@testable import Terminal

@Suite struct TerminalEscapesTests {
    @Test func linkedCellsAreRewrittenInsideAnOSC8HyperlinkWithTheCursorSaved() {
        var frame = Frame(width: 12, height: 2)
        frame.put([Grapheme("0", columns: 1), Grapheme("2", columns: 1)], x: 3, y: 1, style: CellStyle(link: "tel:02"))
        frame.put([Grapheme("x", columns: 1)], x: 0, y: 0, style: .plain)
        let overlay = TerminalEscapes.linkOverlay(for: frame)
        #expect(overlay == "\u{1B}7\u{1B}[2;4H\u{1B}[0;4m\u{1B}]8;;tel:02\u{1B}\\02\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}8")
        #expect(TerminalEscapes.linkOverlay(for: Frame(width: 4, height: 1)).isEmpty, "no links, nothing written")
    }
}
