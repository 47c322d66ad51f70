import Testing
@testable import Canvas

/// A blank right of a half-block glyph of its style is written italic, so
/// the terminal paints it after the glyph, over the glyph's overflow.
@Suite struct WrittenFrameTests {
    static func row(_ text: String, style: CellStyle = .plain) -> Frame {
        var frame = Frame(width: text.count, height: 1)
        frame.put(text.map { Grapheme(String($0), columns: 1) }, x: 0, y: 0, style: style)
        return frame
    }

    static func italics(_ frame: Frame) -> [Int] {
        (0 ..< frame.width).filter { frame.written(x: $0, y: 0).style.italic }
    }

    @Test func aBlankRightOfALowerHalfBlockIsItalic() {
        #expect(Self.italics(Self.row(" ▄ ▄▄  ")) == [2, 5])
        // ▀ is written as ▄ reversed, █ as a reversed blank: the same run, so the blank is italic.
        #expect(Self.italics(Self.row("▀█")) == [1])
        // Inside a reversed selection: ▄ stays a reversed ▄ beside a reversed blank (its
        // overflow a pale sliver on the dark row); ▀ is a plain ▄ there, a run of its own.
        #expect(Self.italics(Self.row("▄ ", style: CellStyle(reverse: true))) == [1])
        #expect(Self.italics(Self.row("▀ ", style: CellStyle(reverse: true))) == [])
    }

    @Test func nothingElseChanges() {
        // A blank after ▀ (a reversed ▄) is not reversed: a run of its own already.
        #expect(Self.italics(Self.row("▀ ")) == [])
        #expect(Self.italics(Self.row("a █ ⣿ ▌ ")) == [])
        let frame = Self.row("▄ x▀")
        for x in 0 ..< frame.width {
            var expected = frame[x, 0].asWritten
            if x == 1 { expected.style.italic = true }
            #expect(frame.written(x: x, y: 0) == expected)
        }
    }

    @Test func aRowChangesHalfBlocksWhenOneIsDrawnOrGone() {
        let before = Self.row("ab ▄ ")
        #expect(!before.changesHalfBlocks(from: before, y: 0))
        #expect(!Self.row("xb ▄ ").changesHalfBlocks(from: before, y: 0), "a letter changed")
        #expect(Self.row("ab ▄▄").changesHalfBlocks(from: before, y: 0))
        #expect(Self.row("ab   ").changesHalfBlocks(from: before, y: 0))
        #expect(Self.row("ab ▀ ").changesHalfBlocks(from: before, y: 0))
    }
}
