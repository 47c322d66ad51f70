import Testing
@testable import Typesetting

@Suite struct SanitizerTests {
    @Test func escapeAndCarriageReturnBecomeVisiblePictures() {
        #expect(Sanitizer.sanitize("\u{1B}[2J") == "\u{241B}[2J")
        #expect(Sanitizer.sanitize("a\rb") == "a\u{240D}b")
        #expect(Sanitizer.sanitize("\u{7F}") == "\u{2421}")
    }

    @Test func whitespaceControlsBecomeSpaces() {
        #expect(Sanitizer.sanitize("a\tb\nc\u{2028}d") == "a b c d")
    }

    @Test func c1ControlsAndBidiControlsAreNeverRaw() {
        let sanitized = Sanitizer.sanitize("\u{9B}31m\u{202E}cba\u{202C}\u{2067}x\u{2069}\u{200F}")
        #expect(sanitized == "\u{FFFD}31m\u{FFFD}cba\u{FFFD}\u{FFFD}x\u{FFFD}\u{FFFD}")
    }

    @Test func printableTextIsUntouched() {
        for text in ["Feng Wong", "北京市朝阳区", "שלום", "👍", "🇯🇵", "e\u{301}", "Zoë"] {
            #expect(Sanitizer.sanitize(text) == text)
        }
    }

    @Test func unprintableCodePointsBecomeReplacementCharacters() {
        #expect(Sanitizer.sanitize("a\u{378}b") == "a\u{FFFD}b")
    }
}
