import Foundation
import Manifest
import NIOCore
@testable import PostgresStore
import Testing

/// The word index's pieces that need no server: splitting text into words and
/// the positions' encoding.
struct SearchWordsTests {
    @Test func positionsSurviveTheirEncodingWhateverTheGaps() {
        let lists: [[Int32]] = [[], [1], [1, 2, 3], [5, 127, 128, 255, 16_383, 16_384, 2_097_152, 1_000_000, Int32.max]
            .sorted(), Array(stride(from: 7, to: 100_000, by: 13))]
        for positions in lists {
            var decoded: [Int32] = []
            SearchWords.decode(ByteBuffer(bytes: SearchWords.encoded(positions))) { decoded.append($0) }
            #expect(decoded == positions)
        }
        // A close run takes a byte a position.
        #expect(SearchWords.encoded(Array(1...1000)).count == 1000)
    }

    @Test func wordsAreTheRunsBetweenWhiteSpace() {
        func words(_ text: String) -> [String] {
            var words: [String] = []
            SearchWords.forEachWord(in: text) { words.append($0) }
            return words
        }
        #expect(words("dlv-0000001\nraul celik\napt 3, 137  kingfisher") == ["dlv-0000001", "raul", "celik", "apt", "3,", "137", "kingfisher"])
        #expect(words("東京都世田谷区\u{3000}1丁目\tx") == ["東京都世田谷区", "1丁目", "x"])
        #expect(words(" \n ").isEmpty)
        #expect(SearchWords.canLookUp("fisher-s") && !SearchWords.canLookUp("a\u{0600} k") && !SearchWords.canLookUp(""))
    }

    @Test func theWordsAreSplitAtExactlyTheWhiteSpaceScalars() {
        // Every scalar between two letters: a separator exactly when Unicode calls it white space.
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var words: [String] = []
            SearchWords.forEachWord(in: "a" + String(scalar) + "b") { words.append($0) }
            let expected = SearchWords.separates(scalar) ? ["a", "b"] : ["a" + String(scalar) + "b"]
            if words != expected { Issue.record("U+\(String(value, radix: 16)): \(words)") }
        }
    }

    @Test func theIndexIsAskedForTheLongestRunOfLettersAndDigits() {
        #expect(PostgresSearch.longestRun(of: "dlv-0424242") == "0424242")
        #expect(PostgresSearch.longestRun(of: "fisher-smith") == "fisher")
        #expect(PostgresSearch.longestRun(of: "東京都") == "東京都")
        #expect(PostgresSearch.longestRun(of: "3,") == "3")
        #expect(PostgresSearch.longestRun(of: "%_") == nil)
    }

    @Test func aPositionSetUnitesIntersectsAndListsInOrder() {
        var first = PositionSet(capacity: 10)
        for position: Int32 in [300, 3, 64, 63, 3] { first.insert(position) }
        var second = PositionSet(capacity: 400)
        for position: Int32 in [64, 300, 5] { second.insert(position) }
        #expect(first.positions == [3, 63, 64, 300])
        first.formIntersection(second)
        #expect(first.positions == [64, 300])
        second.formIntersection(PositionSet(capacity: 0))
        #expect(second.isEmpty)
    }

    @Test func theRestStartsAtTheCheckpointNearestTheMiddleOfWhatIsLeft() throws {
        let data = Data(ManifestWriter.bytes(of: PostgresFixture.deliveries(count: 10)))
        let (total, checkpoints) = try ManifestReader().validate(data, file: "m.json", checkpointEvery: 3)
        #expect(checkpoints.map(\.index) == [3, 6, 9])
        func restStart(after taken: Int) -> Int? {
            ManifestParts.restStart(after: taken, total: total, checkpoints: checkpoints)?.index
        }
        // Nothing taken yet: the middle, 5, is nearest 6.
        #expect(restStart(after: -1) == 6)
        // Deliveries 0…3 taken: 6 is the middle of 4…9.
        #expect(restStart(after: 3) == 6)
        #expect(restStart(after: 6) == 9)
        // Never at or before what the first part has taken.
        #expect(restStart(after: 8) == nil)
        #expect(ManifestParts.restStart(after: -1, total: 2, checkpoints: []) == nil)
    }

    @Test func thePartsSendEveryDeliveryOnceAndTellTheTotalWhenAskedAgain() throws {
        let data = Data(ManifestWriter.bytes(of: PostgresFixture.deliveries(count: 5000)))
        let parts = ManifestParts(data: data, file: "m.json", reader: ManifestReader(), gathersWords: false, progress: nil)
        parts.start()
        var sequences: [Int] = []
        for chunks in [parts.first.chunks, parts.rest.chunks] {
            while let chunk = try chunks.take() {
                // A line a row (newlines in values are escaped), its sequence first.
                for line in String(buffer: chunk).split(separator: "\n") {
                    sequences.append(Int(line.prefix { $0 != "\t" }) ?? -1)
                }
            }
        }
        #expect(sequences.sorted() == Array(1...5000))
        #expect(try parts.total() == 5000)
        #expect(try parts.total() == 5000)
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
