import Foundation
import Testing
@testable import Typesetting

/// Unicode's own line-breaking test cases (LineBreakTest-15.0.0.txt, committed
/// from Debian's unicode-data package because CI machines lack it).
@Suite struct LineBreakConformanceTests {
    struct Case {
        let line: Int
        let scalars: [Unicode.Scalar]
        /// UTF-16 offsets where the file says `÷`, excluding the start.
        let breaks: [Int]
        var utf16: [UInt16] { Array(String(String.UnicodeScalarView(scalars)).utf16) }
    }

    /// Cases ICU itself skips as known deviations (ICU-21097: hyphens before
    /// numbers and letters, and line breaks around numbers), matched by prefix
    /// as ICU's `RBBITest::testCaseIsKnownIssue` does.
    static let icuTailoredPrefixes: [String] = [
        "-#", "\u{2d}\u{308}\u{23}", "\u{2d}\u{a7}", "\u{2d}\u{308}\u{a7}", "\u{2d}\u{50005}",
        "\u{2d}\u{308}\u{50005}", "\u{2d}\u{e01}", "\u{2d}\u{308}\u{e01}",
        "\u{2c}\u{30}", "\u{2c}\u{308}\u{30}", "equals .35 cents", "a.2 ", "a.2 \u{915}", "a.2 \u{672c}",
        "a.2\u{3000}\u{672c}", "a.2\u{3000}\u{307e}", "a.2\u{3000}\u{33}", "A.1 \u{babb}",
        "\u{bd24}\u{c5b4}\u{2e}\u{20}\u{41}\u{2e}\u{32}\u{20}\u{bcfc}",
        "\u{bd10}\u{c694}\u{2e}\u{20}\u{41}\u{2e}\u{33}\u{20}\u{babb}",
        "\u{c694}\u{2e}\u{20}\u{41}\u{2e}\u{34}\u{20}\u{babb}", "a.2\u{3000}\u{300c}",
    ]

    static func loadCases() throws -> [Case] {
        let url = GoldenFile.packageRoot.appendingPathComponent("Tests/TypesettingTests/Resources/LineBreakTest.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [Case] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var scalars: [Unicode.Scalar] = [], breaks: [Int] = [], offset = 0
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" {
                    if offset > 0 { breaks.append(offset) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                    offset += scalar.utf16.count
                }
            }
            if !scalars.isEmpty { cases.append(Case(line: index + 1, scalars: scalars, breaks: breaks)) }
        }
        return cases
    }

    static func isTailoredByICU(_ c: Case) -> Bool {
        let text = String(String.UnicodeScalarView(c.scalars))
        return icuTailoredPrefixes.contains { text.unicodeScalars.starts(with: $0.unicodeScalars) }
    }

    @Test func icuAgreesWithEveryUntailoredCase() throws {
        let cases = try Self.loadCases()
        #expect(cases.count > 7000, "the whole file was read")
        var skipped = 0, failures: [Int] = []
        for c in cases {
            if Self.isTailoredByICU(c) { skipped += 1; continue }
            if LineBreaker.opportunities(inUTF16: c.utf16) != c.breaks { failures.append(c.line) }
        }
        print("LineBreakTest.txt: \(cases.count) cases, \(cases.count - skipped) checked, \(skipped) skipped as ICU-tailored")
        #expect(failures.isEmpty, "lines \(failures.prefix(20))")
        #expect(skipped < 100, "skips stay limited to ICU's documented list")
    }
}
