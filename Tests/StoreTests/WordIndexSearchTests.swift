import Foundation
import GRDB
import Model
import SeededRandom
import Testing
@testable import Store

/// Search through the word index (`SearchWordIndex`) finds
/// exactly what looking for every typed word in every folded text finds,
/// on every path that writes the index: a staged import into an empty store,
/// a staged re-import that changes, keeps and adds rows, and a direct one.
@Suite struct WordIndexSearchTests {
    private static let queries = [
        "a", "e", "ab", "dl", "dlv", "dlv-0012", "dlv-00120", "street 4", "4 street", "oak", "ak s", "αθηνα", "αθ", "東京", "東京都世田谷",
        "\"q", "q\"", "\"", "zzq", "ss", "strasse", "a\u{0600} k", "ana ana", "12 3",
    ]

    private static func special(_ deliveries: inout [Delivery]) {
        deliveries[3].name = "Jürgen Weiß \"Quoted\""
        deliveries[4].address.line2 = "東京都世田谷区三軒茶屋"
        deliveries[5].name = "Ελένη Αθήνα"
        deliveries[6].name = "Aa\u{0600} kk"
        deliveries[7].address.line1 = "Bahnhofstraße 12 3"
        deliveries[8].name = "Ana Ana Banana"
    }

    /// Every row of the store, in position order.
    private func storeRows(_ store: DeliveryStore) throws -> [Delivery] {
        let all = try store.deliveries()
        return (0 ..< all.count).map(all.delivery(at:))
    }

    /// What search must find: every typed word inside the folded text, the status passing the filter, in store order.
    private func bruteForce(_ rows: [Delivery], _ query: String, _ filter: StatusFilter) -> [Delivery] {
        let words = SubstringSearch.words(query)
        return rows.filter { row in
            let text = SubstringSearch.searchedText(id: row.id, name: row.name, line1: row.address.line1, line2: row.address.line2)
            return words.allSatisfy(text.contains) && (filter.status.map { $0 == row.status } ?? true)
        }
    }

    private func checkEverySearch(_ store: DeliveryStore, _ label: String) throws {
        let rows = try storeRows(store)
        for query in Self.queries {
            for filter in StatusFilter.allCases {
                let expected = bruteForce(rows, query, filter)
                let found = try store.search(query, status: filter)
                #expect((0 ..< found.count).map { found.delivery(at: $0).id } == expected.map(\.id), "\(label): \(query) \(filter)")
                var exported: [String] = []
                try store.forEachDelivery(matching: query, status: filter) { exported.append($0.id) }
                #expect(exported == expected.map(\.id), "\(label): export \(query) \(filter)")
                let byName = try store.search(query, status: filter, sort: .name)
                #expect(Set((0 ..< byName.count).map { byName.delivery(at: $0).id }) == Set(expected.map(\.id)), "\(label): sorted \(query)")
                if filter == .all {
                    #expect(try store.statusCounts(matching: query) == StatusCounts(counting: expected), "\(label): counts \(query)")
                    // A row the result does not hold places at the next one it holds, or the last.
                    if !expected.isEmpty, expected.count < rows.count {
                        for probe in [rows[0], rows[rows.count / 2], rows[rows.count - 1]] {
                            let position = rows.firstIndex { $0.id == probe.id } ?? 0
                            let next = expected.firstIndex { row in (rows.firstIndex { $0.id == row.id } ?? 0) >= position }
                            #expect(found.row(nearestTo: probe.id) == (next ?? expected.count - 1), "\(label): nearest \(query)")
                        }
                    }
                }
            }
        }
    }

    @Test func everyWriteKeepsSearchExactlyWhatTheTextsHold() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 600)
        Self.special(&deliveries)
        // Counts per status through SQLite for a few matches, through the status index for more.
        let store = try DeliveryStore(
            url: folder.appendingPathComponent("d.sqlite"), listing: ResultListing(eagerLimit: 8, firstChunk: 8, countedBySQL: 20))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try checkEverySearch(store, "staged into an empty store")

        // Staged again: half the rows mentioned (some renamed, so they lose words and gain others), the rest kept, new ones added.
        var again = Array(deliveries[300...])
        for index in stride(from: 0, to: again.count, by: 7) { again[index].name = "Renamed Oakwood \(index)" }
        again[0].address.line1 = "Ana Ana"
        again += SampleManifest.deliveries(count: 150, idPrefix: "NEW").map { new in
            var new = new
            new.name += " Oak"
            return new
        }
        try store.importManifest(at: try SampleManifest.write(again, to: folder, name: "again.json"))
        #expect(try store.count() == 750)
        try checkEverySearch(store, "staged re-import")

        // Direct: a renamed row, a moved one, a new one; a status change touches no index.
        var few = [again[1], again[2], SampleManifest.deliveries(count: 1, idPrefix: "ONE")[0]]
        few[0].name = "Zzq Quux"
        few[1].address = Address(line1: "1 Oak Street", line2: "Αθήνα")
        try store.importManifest(at: try SampleManifest.write(few, to: folder, name: "few.json"))
        try store.setStatus(.failed, forDeliveryID: deliveries[4].id)
        try checkEverySearch(store, "direct import")
    }

    @Test func aWordsKeysAreItsRunsOfThreeScalarsOnceEachOrItself() throws {
        let key = { (text: String) in
            let scalars = Array(text.unicodeScalars)
            return WordTrigrams.key(scalars[0], scalars[1], scalars[2])
        }
        // Too short for a trigram: a key of its own, which no trigram and no other short word has.
        let short = ["a", "ab", "ba", "b", "\u{10FFFF}", "\u{10FFFF}\u{10FFFF}", "東京"].map { WordTrigrams.keys(of: $0) }
        #expect(short.allSatisfy { $0.count == 1 && $0[0] < 0 } && Set(short.map { $0[0] }).count == short.count)
        #expect(WordTrigrams.keys(of: "ababa") == [key("aba"), key("bab")])
        #expect(WordTrigrams.keys(of: "a\"bc") == [key("a\"b"), key("\"bc")])
        #expect(WordTrigrams.keys(of: "東京都") == [key("東京都")])
        // Scalars, not characters: a combining mark is one of the three.
        #expect(WordTrigrams.keys(of: "e\u{301}t") == [key("e\u{301}t")])
        // Distinct keys for any three scalars, the largest included.
        #expect(key("\u{10FFFF}\u{10FFFF}\u{10FFFF}") > 0 && key("\u{10FFFF}\u{10FFFF}\u{10FFFF}") != key("\u{10FFFF}\u{10FFFF}\u{10FFFE}"))
        #expect(key("abc") != key("acb") && key("\u{0}ab") != key("ab\u{0}"))
    }

    /// The lists hold, for each trigram, exactly the ids of the words holding it, ascending, each once.
    @Test func trigramListsHoldExactlyTheWordsHoldingEachTrigram() throws {
        let seed = UInt64(0x5EED_0004)
        let words = Self.randomWords(400, of: "abcé東\u{301} ", upTo: 9, seed: seed)
        var trigrams = WordTrigrams()
        for (index, word) in words.enumerated() { trigrams.add(id: Int32(index + 1), word: word) }
        #expect(Self.lists(of: trigrams) == Self.holding(words) { Int32($0 + 1) }, "seed \(seed)")
    }

    /// From a word's UTF-8 bytes (what an import has) the lists are those of
    /// its String, through thousands of trigrams (the key table grows) and ids
    /// far apart (steps of more than a byte).
    @Test func listsFromBytesAreListsFromStringsThroughGrowthAndLongSteps() throws {
        let seed = UInt64(0x5EED_0005)
        let words = Self.randomWords(3000, of: "abcdefghijklmnopqrstuvwxyz0123456789-é東\u{301}", upTo: 12, seed: seed)
        let id = { (index: Int) in Int32(index * 300 + 1) }
        var fromStrings = WordTrigrams()
        var fromBytes = WordTrigrams()
        for (index, word) in words.enumerated() {
            fromStrings.add(id: id(index), word: word)
            var bytes = word
            bytes.withUTF8 { fromBytes.add(id: id(index), utf8: UnsafeRawBufferPointer($0)) }
        }
        #expect(fromBytes.count > 4096)
        let expected = Self.holding(words, id: id)
        #expect(Self.lists(of: fromStrings) == expected, "seed \(seed)")
        #expect(Self.lists(of: fromBytes) == expected, "seed \(seed)")
    }

    /// `count` words of 1 to `longest` scalars of `alphabet`, drawn from `seed`.
    private static func randomWords(_ count: Int, of alphabet: String, upTo longest: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let scalars = Array(alphabet.unicodeScalars)
        return (0 ..< count).map { _ in
            var word = String.UnicodeScalarView()
            for _ in 0 ..< Int.random(in: 1 ... longest, using: &random) { word.append(scalars.randomElement(using: &random) ?? "a") }
            return String(word)
        }
    }

    /// Each key's list as `trigrams` holds it, its count checked against the list.
    private static func lists(of trigrams: WordTrigrams) -> [Int64: [Int32]] {
        var lists: [Int64: [Int32]] = [:]
        trigrams.forEach { key, count, bytes in
            let ids = PositionListCoding.decoded(bytes)
            #expect(ids.count == count)
            lists[key] = ids
        }
        return lists
    }

    /// The ids (`id` of each word's index) of the words holding each key, worked out word by word.
    private static func holding(_ words: [String], id: (Int) -> Int32) -> [Int64: [Int32]] {
        var expected: [Int64: [Int32]] = [:]
        for (index, word) in words.enumerated() {
            for key in WordTrigrams.keys(of: word) { expected[key, default: []].append(id(index)) }
        }
        return expected
    }
}
