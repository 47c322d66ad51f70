import Foundation
import Manifest
import NIOCore
@testable import PostgresStore
import Testing

/// The word index's pieces that need no server (the pieces both stores share: `WordPositionsTests`).
struct SearchWordsTests {
    @Test func theIndexIsAskedForTheLongestRunOfLettersAndDigits() {
        #expect(PostgresSearch.longestRun(of: "dlv-0424242") == "0424242")
        #expect(PostgresSearch.longestRun(of: "fisher-smith") == "fisher")
        #expect(PostgresSearch.longestRun(of: "東京都") == "東京都")
        #expect(PostgresSearch.longestRun(of: "3,") == "3")
        #expect(PostgresSearch.longestRun(of: "%_") == nil)
    }

    @Test func thePartsSendEveryDeliveryOnceAndTellTheTotal() throws {
        // Mapped from a file, big enough that each pass hands pages back while the others still read theirs.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(ManifestWriter.bytes(of: PostgresFixture.deliveries(count: 20000))).write(to: url)
        let parts = ManifestParts(manifest: try ManifestFile(url), file: "m.json", reader: ManifestReader(), gathersWords: true, progress: nil)
        parts.start()
        var sequences: [Int] = []
        while let chunk = try parts.chunks.take() {
            // A line a row (newlines in values are escaped), its sequence first.
            for line in String(buffer: chunk).split(separator: "\n") {
                sequences.append(Int(line.prefix { $0 != "\t" }) ?? -1)
            }
        }
        #expect(sequences.sorted() == Array(1...20000))
        #expect(parts.total() == 20000)
        // Each thread read a part: both gathered words.
        #expect(try #require(try parts.firstWords.take()).count > 0)
        #expect(try #require(try parts.restWords.take()).count > 0)
        // Good: nothing to look for.
        #expect(parts.problem() == nil)
    }

    @Test func wordsGatheredInPartsAndAppendedAreTheWholesWords() {
        let texts = ["dlv-1 kingfisher road", "dlv-2 road 12", "dlv-3 東京都 road", "dlv-4 kingfisher 12", "dlv-5 x"]
        var whole = SearchWords()
        var first = SearchWords()
        var second = SearchWords()
        for (index, text) in texts.enumerated() {
            whole.add(position: Int32(index + 1), folded: text)
            if index < 2 { first.add(position: Int32(index + 1), folded: text) } else { second.add(position: Int32(index + 1), folded: text) }
        }
        first.append(second)
        func lines(_ words: SearchWords) -> Set<String> {
            var lines: Set<String> = []
            words.forEachCopyChunk(chunkBytes: 1 << 20) { chunk in
                lines.formUnion(String(buffer: chunk).split(separator: "\n").map(String.init))
            }
            return lines
        }
        #expect(first.count == whole.count)
        #expect(lines(first) == lines(whole))
    }
}
