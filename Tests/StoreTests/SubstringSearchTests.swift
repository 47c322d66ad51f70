import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// Folded substring search through the word index, and the migrations that
/// bring an older store's search to it.
@Suite struct SubstringSearchTests {
    private func ids(_ store: DeliveryStore, _ query: String, _ filter: StatusFilter = .all) throws -> [String] {
        let found = try store.search(query, status: filter)
        return (0 ..< found.count).map { found.delivery(at: $0).id }
    }

    private static let people = [
        Delivery(id: "D-1", name: "Jürgen Weiß", address: Address(line1: "Bahnhofstraße 112", line2: "Berlin")),
        Delivery(id: "D-2", name: "Łukasz Żółkiewski", address: Address(line1: "os. Na Skarpie 21/7", line2: "Łódź")),
        Delivery(id: "D-3", name: "Søren Ærø", address: Address(line1: "Ørstedsvej 14")),
        Delivery(id: "D-4", name: "Ελένη Παπαδοπούλου", address: Address(line1: "Οδός Ερμού 45", line2: "Αθήνα")),
        Delivery(id: "D-5", name: "Ayşe Gül Öztürk", address: Address(line1: "Kavaklıdere", line2: "Ankara")),
        Delivery(id: "D-6", name: "佐藤 花子", address: Address(line1: "東京都世田谷区三軒茶屋1丁目")),
    ]

    @Test func foldingFindsLettersThatDoNotDecomposeAndTextInsideWords() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(Self.people, to: folder))
        #expect(try ids(store, "strasse") == ["D-1"])
        #expect(try ids(store, "STRASSE 112") == ["D-1"])
        #expect(try ids(store, "weiss") == ["D-1"])
        #expect(try ids(store, "lodz") == ["D-2"])
        #expect(try ids(store, "zolkiew") == ["D-2"])
        #expect(try ids(store, "aero") == ["D-3"])
        #expect(try ids(store, "orsted") == ["D-3"])
        #expect(try ids(store, "αθηνα") == ["D-4"])
        #expect(try ids(store, "ΠΑΠΑΔΟΠΟΥΛΟΥ") == ["D-4"])
        #expect(try ids(store, "kavaklidere") == ["D-5"])
        #expect(try ids(store, "ozturk") == ["D-5"])
        #expect(try ids(store, "三軒茶屋") == ["D-6"])
        #expect(try ids(store, "茶屋") == ["D-6"], "two CJK characters: the substring scan")
        #expect(try ids(store, "hof") == ["D-1"], "inside a word")
        #expect(try ids(store, "d-") == ["D-1", "D-2", "D-3", "D-4", "D-5", "D-6"])
        #expect(try ids(store, "\"OR\" *").isEmpty, "FTS syntax is only ever text")
        #expect(try ids(store, "strasse", .delivered).isEmpty)
        try store.setStatus(.delivered, forDeliveryID: "D-1")
        #expect(try ids(store, "strasse", .delivered) == ["D-1"], "a status change re-indexes the row")
        #expect(try ids(store, "strasse", .pending).isEmpty)
        #expect(try store.statusCounts(matching: "strasse").delivered == 1)
    }

    @Test func aLargeImportRebuildsTheIndexAndItsTriggersStillWorkAfter() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 5000)
        deliveries[4321].address.line1 = "Bahnhofstraße 9"
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        #expect(try ids(store, "strasse") == [deliveries[4321].id])
        #expect(try ids(store, "hofstr", deliveries[4321].status == .pending ? .pending : .all) == [deliveries[4321].id])
        #expect(try store.statusCounts() == StatusCounts(counting: deliveries))
        // A small re-import (triggers, not a rebuild) changes a name: found by its new text only.
        var renamed = deliveries[7]
        renamed.name = "Ærø Østergaard"
        try store.importManifest(at: try SampleManifest.write([renamed], to: folder, name: "one.json"))
        #expect(try ids(store, "aero oster") == [renamed.id])
        #expect(try ids(store, SearchFolding.fold(deliveries[7].name)).contains(renamed.id) == false)
    }

    @Test func aStoreFromBeforeV4IsMigratedAndFindsTextInsideWords() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("old.sqlite")
        // A store as v3 left it, with a row written by v3's own schema.
        let queue = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v3: unspaced scripts indexed a character at a time")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO delivery(id, name, line1, line2, status, importedStatus, items)
                VALUES ('OLD-1', 'Jürgen Weiß', 'Bahnhofstraße 112', 'Berlin', 'pending', 'pending', '[]');
                INSERT INTO delivery_length(position, name, address, window) VALUES (1, 11, 25, 0);
                """)
        }
        try queue.close()
        let store = try DeliveryStore(url: url)
        #expect(try ids(store, "strasse") == ["OLD-1"])
        #expect(try ids(store, "weiss", .pending) == ["OLD-1"])
        #expect(try store.statusCounts().pending == 1, "v6 counted the rows that were there")
    }

    /// v7 drops the word index (and its spaced-out columns) that no search read:
    /// what v6 found, v7 finds, and status changes and imports keep it right.
    @Test func aStoreFromV6LosesTheWordIndexAndSearchesAsBefore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("v6.sqlite")
        let queue = try Self.oldStore(at: url, upTo: "v6: deliveries per status kept by triggers")
        try queue.write { db in
            // What a killed v6 import would leave of its word index.
            try db.execute(sql: "CREATE VIRTUAL TABLE staged_delivery_search USING fts5(id, content = '')")
        }
        try queue.close()
        // What search finds, by brute force: every typed word inside the folded text.
        let queries = ["strasse", "weiss", "lodz", "世田谷", "ørsted", "12", "e", "ki 21"]
        let before = queries.map(Self.bruteForce)

        let store = try DeliveryStore(url: url)
        let schema = try store.database.pool.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '%delivery_search%' OR name LIKE '%delivery_trigram%'"),
             try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('delivery') WHERE name LIKE 'search%'"))
        }
        #expect(schema.0 == StoreSchema.version)
        #expect(schema.1 == [])
        #expect(schema.2 == ["searchFolded"])
        for (query, found) in zip(queries, before) {
            #expect(!found.isEmpty, "\(query)")
            #expect(try ids(store, query) == found, "\(query)")
        }
        // A status change and a small re-import still reach the index and the counts.
        try store.setStatus(.failed, forDeliveryID: "D-6")
        #expect(try ids(store, "世田谷", .failed) == ["D-6"])
        #expect(try ids(store, "世田谷", .pending) == [])
        #expect(try store.statusCounts().failed == 1)
        var moved = Self.people[0]
        moved.address.line1 = "Mühlenweg 3"
        try store.importManifest(at: try SampleManifest.write([moved], to: folder, name: "one.json"))
        #expect(try ids(store, "muhlen") == ["D-1"])
        #expect(try ids(store, "strasse") == [])
        // A staged import (more rows than a direct one) writes the v8 tables.
        let many = SampleManifest.deliveries(count: DeliveryImporter.directImportLimit + 50)
        try store.importManifest(at: try SampleManifest.write(many, to: folder, name: "many.json"))
        #expect(try store.count() == Self.people.count + many.count)
        #expect(try ids(store, "世田谷", .failed) == ["D-6"], "the status saved in the store survives")
        #expect(try ids(store, many[60].id) == [many[60].id])
    }

    /// v9 keeps the words' trigrams as lists of word ids instead of FTS5:
    /// a v8 store's index is made again from its words, what a killed v8
    /// import staged of the FTS5 index goes, and search finds what it did.
    @Test func aStoreFromV8KeepsItsWordsTrigramsAsListsAndSearchesAsBefore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("v8.sqlite")
        // Rows written at v7 (the fold triggers fill `searchFolded`), then v8 builds its word index from them.
        let queue = try Self.oldStore(at: url, upTo: "v7: the word index no search reads dropped")
        try StoreSchema.migrator.migrate(queue, upTo: "v8: a word index with trigrams over the words replaces the trigram index over whole texts")
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM search_word_trigram WHERE search_word_trigram MATCH '\"hof\"'") == 1)
            // What a killed v8 import would leave of the FTS5 index.
            try db.execute(sql: "CREATE VIRTUAL TABLE staged_search_word_trigram USING fts5(word, content = '')")
        }
        try queue.close()
        let queries = ["strasse", "hofstr", "lodz", "世田谷", "三軒茶屋", "ørsted", "112", "d-", "e", "ki 21", "zzz"]
        let before = queries.map(Self.bruteForce)

        let store = try DeliveryStore(url: url)
        let (version, fts, trigramRows) = try store.database.pool.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '%search_word_trigram%'"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM search_trigram"))
        }
        #expect(version == StoreSchema.version)
        #expect(fts == [])
        #expect((trigramRows ?? 0) > 50)
        #expect(try store.database.pool.read { try $0.indexes(on: "search_word") }.isEmpty, "words are found through the lists")
        for (query, found) in zip(queries, before) {
            #expect(try ids(store, query) == found, "\(query)")
        }
        #expect(try ids(store, "世田谷") == ["D-6"])
        // A small import after it keeps the lists: a new word is found, a word no row holds any more is not.
        var moved = Self.people[0]
        moved.address.line1 = "Mühlenweg 3"
        try store.importManifest(at: try SampleManifest.write([moved], to: folder, name: "one.json"))
        #expect(try ids(store, "muhlenw") == ["D-1"])
        #expect(try ids(store, "strasse") == [])
        // Each list holds exactly the ids of the words holding its trigram, after the words changed too.
        let (lists, holding) = try store.database.pool.read { db in
            var holding: [Int64: Set<Int32>] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, word FROM search_word") {
                for key in WordTrigrams.keys(of: row[1]) { holding[key, default: []].insert(Int32(row[0] as Int64)) }
            }
            let lists = try Row.fetchAll(db, sql: "SELECT trigram, words FROM search_trigram").reduce(into: [Int64: Set<Int32>]()) {
                $0[$1[0]] = Set(PositionListCoding.decoded([UInt8]($1[1] as Data)))
            }
            return (lists, holding)
        }
        #expect(lists == holding)
    }

    /// A store as an older version left it: migrated up to `migration`, with `people` written by that version's schema.
    private static func oldStore(at url: URL, upTo migration: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: StoreSchema.foldFunction) }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: migration)
        try queue.write { db in
            for (index, person) in people.enumerated() {
                try db.execute(sql: """
                    INSERT INTO delivery(id, name, line1, line2, status, importedStatus, items) VALUES (?, ?, ?, ?, 'pending', 'pending', '[]')
                    """, arguments: [person.id, person.name, person.address.line1, person.address.line2])
                try db.execute(sql: "INSERT INTO delivery_length VALUES (?, 1, 1, 0)", arguments: [index + 1])
            }
        }
        return queue
    }

    /// The ids of `people` a search for `query` must find: every typed word inside the folded text.
    private static func bruteForce(_ query: String) -> [String] {
        people.filter { person in
            let text = SubstringSearch.searchedText(id: person.id, name: person.name, line1: person.address.line1, line2: person.address.line2)
            return SubstringSearch.words(query).allSatisfy(text.contains)
        }.map(\.id)
    }
}
