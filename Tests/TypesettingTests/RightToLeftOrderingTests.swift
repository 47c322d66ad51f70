import Canvas
import Testing
@testable import Typesetting

/// Native Hebrew and Arabic lines as the terminal gets them: shaped and in
/// visual order where the program orders them (terminals without BiDi, such
/// as xterm), in logical order where the terminal does (mlterm, VTE).
@Suite struct RightToLeftOrderingTests {
    static func line(_ text: String, _ ordering: RightToLeftOrdering) -> String {
        var typesetter = Typesetter(glyphs: .native)
        typesetter.rightToLeft = ordering
        return typesetter.typeset(text, style: .headline, category: .large, width: 80).lines.map(\.text).joined(separator: "\n")
    }

    @Test func nativeLinesAreInVisualOrderWhereTheProgramOrdersThem() {
        #expect(Self.line("נועה לוי", .program) == "יול העונ")
        // Arabic in its joining forms, the first word at the right: فاطمة الزهراء.
        let arabic = Self.line("فاطمة الزهراء", .program)
        let scalars = arabic.unicodeScalars.map(\.value)
        #expect(scalars.filter { $0 != 0x20 }.allSatisfy { (0xFE70 ... 0xFEFF).contains($0) || $0 == 0x0621 }, "presentation forms: \(arabic)")
        #expect(scalars.first == 0x0621 && scalars.last == 0xFED3, "ء at the left, the initial feh of فاطمة at the right: \(arabic)")
        // Latin lines and mixed digits stay as they are written.
        #expect(Self.line("Feng Wong", .program) == "Feng Wong")
        #expect(Self.line("דוד 12", .program) == "12 דוד")
    }

    @Test func nativeLinesAreInLogicalOrderWhereTheTerminalOrdersThem() {
        #expect(Self.line("נועה לוי", .terminal) == "נועה לוי")
        #expect(Self.line("فاطمة الزهراء", .terminal) == "فاطمة الزهراء")
    }

    /// A mark (here a fatha) stays a combining mark (not a spacing form, one
    /// more column) after its letter in a reversed run: a terminal puts a
    /// mark on the character before it.
    @Test func marksStayOnTheirLetters() {
        let visual = Self.line("بَيت", .program)
        let graphemes = DisplayWidth.graphemes(of: visual)
        #expect(graphemes.count == 3, "\(visual.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(graphemes.allSatisfy { $0.columns == 1 })
        #expect(graphemes.last?.text.unicodeScalars.map(\.value) == [0xFE91, 0x064E], "the initial beh keeps its fatha")
    }

    /// A window run on after an Arabic address is its own run (an isolate):
    /// without it digits after Arabic letters are Arabic numbers (bidi rule
    /// W2) and the window reads backwards, "12:00-09:00".
    @Test func anIsolatedSuffixKeepsItsOrderAtTheLogicalEndOfARightToLeftLine() {
        let typesetter = Typesetter(glyphs: .native)
        let text = "شارع الملك 45 · 09:00-12:00"
        let plain = typesetter.typeset(text, style: .subheadline, category: .small, width: 80).lines.map(\.text)
        #expect(plain.first?.hasPrefix("12:00-09:00 · ") == true, "the bidi algorithm alone: \(plain)")
        let isolated = typesetter.typeset(text, style: .subheadline, category: .small, width: 80, isolatedSuffix: "09:00-12:00")
        let line = isolated.lines.map(\.text)
        #expect(line.first?.hasPrefix("09:00-12:00 · 45 ") == true, "\(line)")
        #expect(isolated.width == typesetter.typeset(text, style: .subheadline, category: .small, width: 80).width)
        // Wrapped, the window's line holds no right-to-left text and stays as written.
        let wrapped = typesetter.typeset(text, style: .subheadline, category: .small, width: 14, isolatedSuffix: "09:00-12:00").lines.map(\.text)
        #expect(wrapped.last == "· 09:00-12:00", "\(wrapped)")
        #expect(!wrapped.joined().contains("12:00-09:00"), "\(wrapped)")
    }

    /// Where the text does not end with the suffix grapheme for grapheme,
    /// nothing is isolated (and nothing is lost).
    @Test func aSuffixTheTextDoesNotEndWithIsolatesNothing() {
        let graphemes = DisplayWidth.graphemes(of: "שלום · 09:00-12:00")
        #expect(Typesetter.start(of: "09:00-12:00", endingGraphemes: graphemes) == graphemes.count - 11)
        #expect(Typesetter.start(of: "13:00", endingGraphemes: graphemes) == nil)
        #expect(Typesetter.start(of: "", endingGraphemes: graphemes) == nil)
        #expect(Typesetter.isolatedFrom(7, inLine: 0 ..< 5) == nil)
        #expect(Typesetter.isolatedFrom(7, inLine: 5 ..< 10) == 2)
        #expect(Typesetter.isolatedFrom(7, inLine: 10 ..< 12) == 0)
    }

    /// Where the terminal orders right-to-left text, the line goes in logical
    /// order with no isolate controls; a left-to-right mark before the window
    /// keeps it one left-to-right run for the terminal's bidi algorithm
    /// (simulated here with ICU on a row the terminal lays out left to right).
    @Test func whereTheTerminalOrdersTheSuffixIsMarkedLeftToRight() {
        var typesetter = Typesetter(glyphs: .native)
        typesetter.rightToLeft = .terminal
        let text = "شارع الملك 45 · 09:00-12:00"
        let line = typesetter.typeset(text, style: .subheadline, category: .small, width: 80, isolatedSuffix: "09:00-12:00").lines[0]
        let scalars = line.graphemes.flatMap { $0.text.unicodeScalars.map(\.value) }
        #expect(!scalars.contains { (0x2066 ... 0x2069).contains($0) }, "no isolate controls reach the terminal")
        #expect(line.text.replacingOccurrences(of: RightToLeftOrdering.leftToRightMark, with: "") == text, "logical order")
        #expect(line.graphemes.map(\.text).suffix(12).first == " " + RightToLeftOrdering.leftToRightMark)
        let row = [Grapheme(RightToLeftOrdering.leftToRightMark, columns: 0)] + line.graphemes
        let terminal = VisualOrder.line(row).map(\.text).joined()
        #expect(terminal.hasSuffix(" · 09:00-12:00"), "\(terminal)")
        let unmarked = VisualOrder.line([Grapheme(RightToLeftOrdering.leftToRightMark, columns: 0)] + DisplayWidth.graphemes(of: text))
        #expect(unmarked.map(\.text).joined().hasPrefix("12:00-09:00"), "without the mark: \(unmarked.map(\.text).joined())")
    }
}
