import Testing
@testable import Canvas

@Suite struct FrameTests {
    @Test func plainLinesAreExactlyTheFrameWidth() {
        var frame = Frame(width: 6, height: 2)
        frame.put([Grapheme("東", columns: 2), Grapheme("京", columns: 2), Grapheme("x", columns: 1)], x: 0, y: 0, style: .plain)
        #expect(frame.plainTextLines == ["東京x ", "      "])
    }

    @Test func wideGraphemeAtTheRightEdgeBecomesBlank() {
        var frame = Frame(width: 3, height: 1)
        frame.put([Grapheme("a", columns: 1), Grapheme("b", columns: 1), Grapheme("東", columns: 2)], x: 0, y: 0, style: .plain)
        #expect(frame.plainTextLines == ["ab "])
    }

    @Test func overwritingHalfAWideGraphemeClearsTheOtherHalf() {
        var frame = Frame(width: 4, height: 1)
        frame.put([Grapheme("東", columns: 2)], x: 0, y: 0, style: .plain)
        frame.put([Grapheme("x", columns: 1)], x: 1, y: 0, style: .plain)
        #expect(frame.plainTextLines == [" x  "])
        frame.put([Grapheme("東", columns: 2)], x: 2, y: 0, style: .plain)
        frame.put([Grapheme("y", columns: 1)], x: 2, y: 0, style: .plain)
        #expect(frame.plainTextLines == [" xy "])
    }
}

@Suite struct FrameClippingTests {
    @Test func fillAndRestyleWhollyOffTheFrameDoNothing() {
        var frame = Frame(width: 4, height: 2)
        frame.fill(x: 0, y: 5, width: 4, height: 1, style: CellStyle(bold: true))
        frame.restyle(x: 6, y: 0, width: 2, height: 2) { $0.bold = true }
        frame.restyle(x: 0, y: -4, width: 2, height: 2) { $0.bold = true }
        #expect(frame.plainTextLines == ["    ", "    "])
        #expect(!frame[0, 0].style.bold)
    }
}
