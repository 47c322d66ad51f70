import Canvas
import Testing
@testable import Typesetting

/// Text is cut into terminal cells the way ncurses and the terminal cut it:
/// one spacing character and at most four zero-width ones per cell.
@Suite struct TerminalCellTests {
    @Test func emojiSequencesBecomePiecesEveryTerminalMeasuresAlike() {
        #expect(Sanitizer.sanitize("👨\u{200D}👩\u{200D}👧") == "👨👩👧")
        #expect(Sanitizer.sanitize("👍🏽") == "👍")
        #expect(Sanitizer.sanitize("🏽") == "🏽", "a lone skin tone stays")
        #expect(Sanitizer.sanitize("1\u{FE0F}\u{20E3}") == "1\u{20E3}")
        #expect(Sanitizer.sanitize("❤\u{FE0E} ❤\u{FE0F}") == "❤ ❤")
        #expect(Sanitizer.sanitize("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}") == "🏴")
    }

    @Test func aBaseKeepsAtMostFourMarks() {
        let zalgo = "Z" + String(repeating: "\u{301}", count: 12) + "a"
        #expect(Sanitizer.sanitize(zalgo) == "Z\u{301}\u{301}\u{301}\u{301}a")
    }

    @Test func sanitisingTwiceChangesNothing() {
        for entry in ["👨\u{200D}👩\u{200D}👧", "👍\u{200D}🏽", "e" + String(repeating: "\u{300}", count: 9), "🇯🇵", "กำ"] {
            let once = Sanitizer.sanitize(entry)
            #expect(Sanitizer.sanitize(once) == once)
        }
    }

    @Test func aClusterOfSeveralSpacingCharactersIsSeveralCells() {
        #expect(DisplayWidth.graphemes(of: "🇯🇵").map(\.columns) == [1, 1])
        #expect(DisplayWidth.graphemes(of: "สำ").map(\.text) == ["ส", "ำ"])
        #expect(DisplayWidth.graphemes(of: "e\u{301}x").map(\.text) == ["e\u{301}", "x"])
        #expect(DisplayWidth.graphemes(of: "\u{1100}\u{1161}\u{11A8}").map(\.columns) == [2])
        #expect(DisplayWidth.columns(of: "👨\u{200D}👩\u{200D}👧\u{200D}👦") == 8)
    }

    @Test func wrappingMeasuresCellsAsDrawn() {
        // Every line the typesetter gives is as wide as its cells, and no cell holds two spacing characters.
        let text = "🇯🇵🇺🇸 สมชาย กำลัง क्षत्रिय 👨\u{200D}👩\u{200D}👧 " + String(repeating: "a\u{301}\u{302}\u{303}\u{304}\u{305} ", count: 6)
        let typeset = Typesetter().typeset(text, style: .body, category: .large, width: 9)
        for line in typeset.lines {
            #expect(line.width <= 9)
            for cell in line.graphemes {
                let spacing = cell.text.unicodeScalars.filter { DisplayWidth.columns(ofScalar: $0.value) > 0 }
                #expect(spacing.count <= 1, "\(cell.text.debugDescription)")
                #expect(cell.text.unicodeScalars.count <= 5)
            }
        }
    }
}
