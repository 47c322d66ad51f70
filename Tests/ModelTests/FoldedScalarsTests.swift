import Foundation
import SeededRandom
import Synchronization
import Testing
@testable import Model

/// The table `SearchFolding` folds standalone scalars with must give exactly
/// what folding each character with Foundation gives.
@Suite struct FoldedScalarsTests {
    private static let plane = (UInt32(0x80) ... 0xFFFF).compactMap { Unicode.Scalar($0) }

    @Test func everyScalarOfThePlaneAloneFoldsAsFoundationFoldsIt() {
        var mismatches: [String] = []
        for scalar in Self.plane {
            let text = String(scalar)
            if SearchFolding.fold(text) != SearchFoldingTests.referenceFold(text) { mismatches.append(String(scalar.value, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20).joined(separator: ", U+"))")
    }

    @Test func theTableHoldsLettersButNoMarksNorHangul() {
        let table = SearchFolding.foldedScalars
        for letter: Unicode.Scalar in ["é", "ß", "Ω", "Ж", "東", "ｶ", "ア"] {
            #expect(table.folded(letter.value) != nil, "\(letter)")
        }
        for joining: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{3099}", "\u{093F}", "\u{1100}", "\u{AC00}", "\u{11A8}", "\u{0600}"] {
            #expect(table.folded(joining.value) == nil, "U+\(String(joining.value, radix: 16))")
        }
        #expect(table.folded(0x1F600) == nil, "beyond the plane")
    }

    /// Scalars that join (marks, ZWJ, variation selectors, Hangul jamo,
    /// prepended signs, regional indicators, CR LF) mixed with ones that do
    /// not: wherever they meet, each character folds as Foundation folds it.
    @Test func mixedTextFoldsAsFoundationFoldsEachCharacter() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", " ", "\r", "\n", "\t", "é", "E", "ß", "Ł", "Æ", "Ω", "ά", "ς", "Ж", "ё", "東", "京", "ｶ", "ﾞ", "が", "か",
            "\u{301}", "\u{308}", "\u{323}", "\u{3099}", "\u{200D}", "\u{FE0F}", "\u{093F}", "क", "\u{094D}", "ष",
            "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{0600}", "١", "\u{1F1E9}", "\u{1F1EA}", "\u{1F469}", "\u{1F3FD}",
            "\u{1F692}", "Ǿ", "İ", "ı", "Ĳ", "ﬁ", "\u{FDFA}", "\u{0}", "\u{AD}", "\u{E000}",
        ]
        var random = SplitMix64(seed: 14)
        for _ in 0 ..< 3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0 ..< Int.random(in: 1 ... 12, using: &random) {
                scalars.append(pool[Int.random(in: 0 ..< pool.count, using: &random)])
            }
            let text = String(scalars)
            let folded = SearchFolding.fold(text)
            #expect(folded == SearchFoldingTests.referenceFold(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(SearchFolding.fold(text[...]) == folded, "a Substring folds as its String")
        }
    }

    /// Threads that build the same pages at once each get a whole page, the same one.
    @Test func pagesBuiltAtOnceByManyThreadsAgree() async {
        let table = FoldedScalars(fold: { String($0).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil) })
        let scalars: [UInt32] = [0xC9, 0x3A9, 0x416, 0x6771, 0xFF76, 0x1EA0, 0xE9, 0x3C9]
        let expected = scalars.map { scalar in
            Unicode.Scalar(scalar).map { String($0).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil) }
        }
        let results = await withTaskGroup(of: [String?].self) { group in
            for _ in 0 ..< 8 {
                group.addTask {
                    scalars.map { scalar in table.folded(scalar).map { String(decoding: $0, as: UTF8.self) } }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }
}
