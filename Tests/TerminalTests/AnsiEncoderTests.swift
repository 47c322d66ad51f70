import Canvas
import Testing

@testable import Terminal

@Suite struct AnsiEncoderTests {
    static func frame(_ text: String) -> Frame {
        var frame = Frame(width: text.count, height: 1)
        frame.put(text.map { Grapheme(String($0), columns: 1) }, x: 0, y: 0, style: .plain)
        frame.setLineAttribute(.doubleTop, y: 0)
        return frame
    }

    /// The half-resolution text a doubled line shows, without escapes.
    static func shown(_ text: String) -> String {
        let encoded = AnsiEncoder().doubledLine(frame(text), y: 0)
        return encoded.replacing(/\u{1B}(\[[0-9;]*[A-Za-z]|#[0-9])/, with: "")
    }

    @Test func spacedTextReadsWholeAtEvenAndOddColumns() {
        #expect(Self.shown("F e n g ") == "Feng")
        #expect(Self.shown(" F e n g") == "Feng")
    }

    @Test func aSymbolInsideATileAndAScrollbarAtTheEdgeSurvive() {
        // Solid cells are written as reverse spaces, on doubled lines too (no seams).
        #expect(Self.shown("███▸████") == " ▸  ")
        #expect(AnsiEncoder().doubledLine(Self.frame("██"), y: 0).contains("\u{1B}[0;7m "))
        // A scrollbar at the edge (│ or ▕) is drawn at the edge of its doubled cell.
        #expect(Self.shown("a b    │") == "ab ▕")
        #expect(Self.shown("a b    █") == "ab ▐")
        // The selection bar (▌ then a blank) covers half of its cell, as on a plain row.
        #expect(Self.shown("▌ a b ") == "▎ab")
    }

    @Test func stylesAndTheLineAttributeAreWritten() {
        var frame = Self.frame("a b ")
        frame.restyle(x: 0, y: 0, width: 4, height: 1) { $0.bold = true; $0.color = .tint }
        #expect(AnsiEncoder().doubledLine(frame, y: 0) == "\u{1B}[1;1H\u{1B}[2K\u{1B}#3\u{1B}[0;1;38;5;32mab\u{1B}[0m")
        #expect(AnsiEncoder(colorCount: 8).sgr(CellStyle(reverse: true, color: .danger)) == "\u{1B}[0;7;31m")
        #expect(AnsiEncoder(colorCount: 0).sgr(CellStyle(color: .danger)) == "\u{1B}[0m")
    }

    @Test func aScaledRunStatesItsScaleAndFraction() {
        var frame = Frame(width: 20, height: 3)
        let run = ScaledRun(x: 2, y: 0, columns: 4, graphemes: [Grapheme("A", columns: 1), Grapheme("b", columns: 1)], scale: TextScale(scale: 2, numerator: 9, denominator: 11))
        frame.addScaledRun(run)
        #expect(AnsiEncoder().scaledRun(run, in: frame) == "\u{1B}[1;3H\u{1B}[0m\u{1B}]66;s=2:n=9:d=11:v=2;Ab\u{1B}\\\u{1B}[0m")
        #expect(frame.isCovered(x: 5, y: 1) && !frame.isCovered(x: 6, y: 0) && !frame.isCovered(x: 2, y: 2))
    }
}
