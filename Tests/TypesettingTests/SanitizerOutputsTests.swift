import Testing
@testable import Typesetting

/// The gate's other doors: reports of several lines, clipboard copies and link targets.
@Suite struct SanitizerOutputsTests {
    @Test func eachLineOfAReportIsSanitisedAndItsBreaksKept() {
        #expect(Sanitizer.sanitizeLines("a\u{1B}]0;X\u{07}\nb\u{9B}c\n") == "a\u{241B}]0;X\u{2407}\nb\u{FFFD}c\n")
    }

    @Test func aCopyHasNoControlsAndKeepsTheRest() {
        #expect(Sanitizer.forCopy("555\u{1B}[2J0100") == "555[2J0100")
        #expect(Sanitizer.forCopy("a\u{9B}b\u{7F}c\u{202E}d\u{2066}e") == "abcde")
        #expect(Sanitizer.forCopy("line 1\nline\t2") == "line 1 line 2")
        for text in ["Feng Wong", "北京市朝阳区", "👨‍👩‍👧", "Zoë", "e\u{301}"] {
            #expect(Sanitizer.forCopy(text) == text)
        }
    }

    @Test func aLinkTargetIsPrintableAsciiOnly() {
        #expect(Sanitizer.linkTarget("tel:+15550100") == "tel:+15550100")
        #expect(Sanitizer.linkTarget("https://x/?q=a\u{1B}\\b") == "https://x/?q=a%1B\\b")
        #expect(Sanitizer.linkTarget("a b\u{07}é") == "a%20b%07%C3%A9")
    }
}
