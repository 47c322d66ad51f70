import Foundation
import Manifest
import Model
import NIOCore
@testable import PostgresStore
import Store
import Testing

/// The word index's pieces that need no server (the pieces both stores share: `WordPositionsTests`).
struct SearchWordsTests {
    @Test func thePartsSendEveryDeliveryOnceAndTellTheTotal() throws {
        // Mapped from a file, big enough that each pass hands pages back while the others still read theirs.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(ManifestWriter.bytes(of: PostgresFixture.deliveries(count: 20000))).write(to: url)
        let parts = ManifestParts(manifest: try ManifestFile(url), file: "m.json", reader: ManifestReader(), gathersIndexes: true, progress: nil)
        parts.start()
        var sequences: [Int] = []
        while let chunk = try parts.chunks.take() {
            // A row a delivery, its sequence first.
            for row in BinaryCopyRows.rows(in: [chunk]) {
                sequences.append(row.first.flatMap(BinaryCopyRows.integer).map(Int.init) ?? -1)
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

    @Test func wordsGatheredInPartsAndAppendedAreTheWholesWords() throws {
        let texts = ["dlv-1 kingfisher road", "dlv-2 road 12", "dlv-3 東京都 road", "dlv-4 kingfisher 12", "dlv-5 x"]
        var whole = SearchWords()
        var first = SearchWords()
        var second = SearchWords()
        for (index, text) in texts.enumerated() {
            whole.add(position: Int32(index + 1), folded: text)
            if index < 2 { first.add(position: Int32(index + 1), folded: text) } else { second.add(position: Int32(index + 1), folded: text) }
        }
        first.append(second)
        func lines(_ chunks: [ByteBuffer]) -> Set<String> {
            Set(chunks.flatMap { String(buffer: $0).split(separator: "\n").map(String.init) })
        }
        let (firstChunks, wholeChunks) = (try Self.chunks(first, chunkBytes: 64), try Self.chunks(whole, chunkBytes: 64))
        #expect(lines(firstChunks.words) == lines(wholeChunks.words))
        #expect(lines(firstChunks.trigrams) == lines(wholeChunks.trigrams))
        #expect(first.count == whole.count)
    }

    /// What `send` hands over, every chunk of each table in order; the words' all come first.
    private static func chunks(_ words: SearchWords, chunkBytes: Int) throws -> (words: [ByteBuffer], trigrams: [ByteBuffer]) {
        let queue = BoundedQueue<WordTableChunk>(capacity: 1 << 16)
        words.send(chunkBytes: chunkBytes, to: queue)
        var chunks: (words: [ByteBuffer], trigrams: [ByteBuffer]) = ([], [])
        while let chunk = try queue.take() {
            switch chunk {
            case .words(let lines):
                #expect(chunks.trigrams.isEmpty)
                chunks.words.append(lines)
            case .trigrams(let lines): chunks.trigrams.append(lines)
            }
        }
        return chunks
    }

    /// The COPY rows say what `WordTrigrams` says of the same words: every
    /// word numbered from 1 with its positions, and each trigram (or a short
    /// word's own key) with exactly the ids of the words holding it.
    @Test func theCopyRowsNumberTheWordsAndListEachTrigramsWords() throws {
        var words = SearchWords()
        let texts = ["dlv-1 kingfisher", "dlv-2 king\\fish", "東京都 ab a", "kingfisher ab"]
        for (index, text) in texts.enumerated() { words.add(position: Int32(index + 1), folded: text) }
        let chunks = try Self.chunks(words, chunkBytes: 32)
        #expect(chunks.words.count > 1)
        func list(_ field: [UInt8]?) -> [Int32] {
            PositionListCoding.decoded(field ?? [])
        }
        var byID: [Int32: String] = [:]
        var expected: [String: [Int32]] = [:]
        for (index, text) in texts.enumerated() {
            for word in text.split(separator: " ") { expected[String(word), default: []].append(Int32(index + 1)) }
        }
        for row in BinaryCopyRows.rows(in: chunks.words) {
            try #require(row.count == 3)
            let id = try #require(BinaryCopyRows.integer(row[0]).map(Int32.init))
            let word = try #require(BinaryCopyRows.text(row[1]))
            byID[id] = word
            #expect(list(row[2]) == expected[word])
        }
        #expect(Set(byID.keys) == Set(1...Int32(expected.count)))
        var holding: [Int64: [Int32]] = [:]
        for (id, word) in byID.sorted(by: { $0.key < $1.key }) {
            for key in WordTrigrams.keys(of: word) { holding[key, default: []].append(id) }
        }
        var listed: [Int64: [Int32]] = [:]
        for row in BinaryCopyRows.rows(in: chunks.trigrams) {
            try #require(row.count == 3)
            let ids = list(row[2])
            #expect(BinaryCopyRows.integer(row[1]) == Int64(ids.count))
            #expect(row[0]?.count == 8, "a trigram's key is a bigint")
            listed[try #require(BinaryCopyRows.integer(row[0]))] = ids
        }
        #expect(listed == holding)
    }
}
