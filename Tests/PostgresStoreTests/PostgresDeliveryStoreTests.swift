import Foundation
import Manifest
import TestSupport
import Model
@testable import PostgresStore
import Store
import Synchronization
import Testing

/// The PostgreSQL store against a real server (a throwaway cluster).
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresDeliveryStoreTests {
    @Test func importedDeliveriesReadBackEqualAndInOrder() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let deliveries = PostgresFixture.deliveries(count: 300)
        let summary = try store.importManifest(at: try fixture.write(deliveries))
        #expect(summary.deliveries == 300 && summary.added == 300 && summary.storeCount == 300)
        let rows = try store.deliveries()
        #expect(rows.count == 300)
        #expect(PostgresFixture.rows(rows) == deliveries)
        for index in [0, 1, 2, 150, 299] {
            #expect(rows.textLengths(at: index) == TextLengths(of: deliveries[index]))
        }
        #expect(try store.delivery(id: deliveries[42].id) == deliveries[42])
        #expect(try store.row(ofDeliveryID: deliveries[42].id) == 42)
        #expect(try store.delivery(id: "no such id") == nil)
    }

    @Test func anUnchangedManifestIsNotImportedAgain() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let manifest = try fixture.write(PostgresFixture.deliveries(count: 20))
        #expect(try store.importManifestIfChanged(at: manifest).performed)
        let again = try store.importManifestIfChanged(at: manifest)
        #expect(!again.performed && again.storeCount == 20)
    }

    @Test func reimportUpdatesInPlaceAndKeepsSavedStatus() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        var deliveries = PostgresFixture.deliveries(count: 50)
        try store.importManifest(at: try fixture.write(deliveries))
        let id = deliveries[10].id
        let saved: DeliveryStatus = deliveries[10].status == .failed ? .delivered : .failed
        try store.setStatus(saved, forDeliveryID: id)
        deliveries[3].name = "Renamed Person"
        let extra = PostgresFixture.deliveries(count: 60, seed: 99).suffix(5).map { delivery -> Delivery in
            var delivery = delivery
            delivery.id = "NEW-" + delivery.id
            return delivery
        }
        let summary = try store.importManifest(at: try fixture.write(deliveries + extra, name: "second.json"))
        #expect(summary.added == 5 && summary.updated == 50 && summary.storeCount == 55)
        let rows = PostgresFixture.rows(try store.deliveries())
        #expect(rows[3].name == "Renamed Person")
        #expect(rows[10].status == saved)
        #expect(Array(rows[50...].map(\.id)) == extra.map(\.id))
    }

    /// Every position of each text order is kept as one array
    /// (`text_order`), as the SQLite store sorts the same rows: worked out by
    /// an import into an empty store as it reads, sorted again by the server
    /// after a re-import that renames or adds rows, and by the migration that
    /// made the table. A browser reads it rather than have the server sort,
    /// unless it does not hold every row.
    @Test func theTextOrdersAreKeptWholeAsSQLiteSortsTheRows() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        var deliveries = PostgresFixture.deliveries(count: 700, seed: 12)
        for index in stride(from: 0, to: deliveries.count, by: 3) {
            deliveries[index].name = ["Kim Lee", "kim lee", "KIM", "Ölund", "émile", "a", "東京"][index % 7]
            deliveries[index].window = [nil, "", "09:00-12:00", "9:00-10:00", " "][index % 5]
        }
        func expectKept(_ manifest: URL, _ rows: [Delivery], _ note: String) throws {
            let sqlite = try DeliveryStore(url: fixture.folder.appendingPathComponent("\(UUID().uuidString).sqlite"))
            try sqlite.importManifest(at: manifest)
            let place = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0 + 1) })
            for order in PostgresSchema.textOrders {
                let listed = try sqlite.search("", sort: order)
                let expected = (0..<listed.count).compactMap { place[listed.delivery(at: $0).id] }.map(String.init)
                let kept = try fixture.cluster.psql(fixture.database, "SELECT array_to_string(positions, ',') FROM text_order WHERE sort = '\(order.rawValue)'")
                #expect(kept == expected.joined(separator: ","), "\(note) \(order)")
            }
        }
        let first = try fixture.write(deliveries)
        try store.importManifest(at: first)
        try expectKept(first, deliveries, "into an empty store")

        // A phone changed: the orders stand; a name and a window changed and rows added: sorted again.
        let before = try fixture.cluster.psql(fixture.database, "SELECT string_agg(xmin::text, ',' ORDER BY sort) FROM text_order")
        deliveries[5].phone = "+1 555 0100"
        try store.importManifest(at: try fixture.write(deliveries, name: "phone.json"))
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(xmin::text, ',' ORDER BY sort) FROM text_order") == before)
        deliveries[10].name = "Aaron Aardvark"
        deliveries[20].window = "06:00-07:00"
        let added = PostgresFixture.deliveries(count: 4, seed: 13).map { delivery -> Delivery in
            var delivery = delivery
            delivery.id = "NEW-" + delivery.id
            return delivery
        }
        let second = try fixture.write(deliveries + added, name: "second.json")
        try store.importManifest(at: second)
        try expectKept(second, deliveries + added, "after a re-import")

        // The store as version 13 left it: an index per text order, no table of them.
        try fixture.cluster.psql(fixture.database, """
            DELETE FROM idm_schema_migration WHERE version >= 14;
            DROP TABLE text_order;
            \(PostgresSchema.sortIndexes.map(\.build).joined(separator: ";\n"));
            """)
        _ = try fixture.open()
        try expectKept(second, deliveries + added, "migrated")

        // Browsers read it: turned round, a fresh store lists the rows turned round; cut short, the server sorts.
        let byName = PostgresFixture.rows(try fixture.open().search("", status: .all, sort: .name)).map(\.id)
        #expect(byName.count == deliveries.count + added.count)
        try fixture.cluster.psql(fixture.database, """
            UPDATE text_order SET positions = ARRAY(SELECT unnest(positions) AS p ORDER BY 1 DESC) WHERE sort = 'name'
            """)
        let turned = try fixture.cluster.psql(fixture.database, "SELECT array_to_string(positions, ',') FROM text_order WHERE sort = 'name'")
        let place = Dictionary(uniqueKeysWithValues: (deliveries + added).enumerated().map { ($1.id, $0 + 1) })
        #expect(PostgresFixture.rows(try fixture.open().search("", status: .all, sort: .name)).compactMap { place[$0.id] }.map(String.init)
                .joined(separator: ",") == turned)
        try fixture.cluster.psql(fixture.database, "UPDATE text_order SET positions = positions[1:10] WHERE sort = 'name'")
        #expect(PostgresFixture.rows(try fixture.open().search("", status: .all, sort: .name)).map(\.id) == byName)
    }

    @Test func reimportsKeepTheWordIndexAndTheSortIndexesInStep() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 3)
        try store.importManifest(at: try fixture.write(deliveries))
        let keys = try Self.keys(fixture)
        let original = deliveries[7].name
        deliveries[7].name = "Quetzalcoatl Zyx"
        let extra = PostgresFixture.deliveries(count: 3, seed: 4).map { delivery -> Delivery in
            var delivery = delivery
            delivery.id = "NEW-" + delivery.id
            delivery.name = "Xylophone Player"
            return delivery
        }
        try store.importManifest(at: try fixture.write(deliveries + extra, name: "second.json"))
        #expect(PostgresFixture.rows(try store.search("quetzal", status: .all)).map(\.id) == [deliveries[7].id])
        #expect(PostgresFixture.rows(try store.search("xylophone", status: .all, sort: .name)).map(\.id) == extra.map(\.id))
        #expect(try Self.keys(fixture) == keys)
        #expect(try Self.trigramListsHoldTheirWords(fixture))
        let words = try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM search_word")
        // The same rows again, from another file: nothing changes, the index included.
        try store.importManifest(at: try fixture.write(deliveries + extra, name: "third.json"))
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM search_word") == words)
        #expect(PostgresFixture.rows(try store.search("quetzal", status: .all)).map(\.id) == [deliveries[7].id])
        // The old name back: its word leaves the index.
        deliveries[7].name = original
        try store.importManifest(at: try fixture.write(deliveries + extra, name: "fourth.json"))
        #expect(try store.search("quetzal", status: .all).count == 0)
        #expect(PostgresFixture.rows(try store.search("xylophone", status: .all)).map(\.id) == extra.map(\.id))
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM search_word WHERE word LIKE 'quetz%'") == "0")
        #expect(try Self.trigramListsHoldTheirWords(fixture))
        // Every row changed: the keys and indexes are kept up, sampled as the migrations made them.
        let sampled = try Self.sampledColumns(fixture)
        for index in deliveries.indices { deliveries[index].name = "Renamed \(deliveries.count - index)" }
        try store.importManifest(at: try fixture.write(deliveries + extra, name: "fifth.json"))
        #expect(try Self.keys(fixture) == keys)
        #expect(try Self.sampledColumns(fixture) == sampled)
        #expect(try Self.largestFigures(fixture).hasPrefix("\(PostgresSchema.statisticsTarget + 1) "))
        let byName = try store.search("renamed", status: .all, sort: .name)
        #expect(byName.count == deliveries.count && byName.delivery(at: 0).name == "Renamed 1")
        #expect(try Self.trigramListsHoldTheirWords(fixture))
    }

    @Test func anImportReadInPartsGathersTheWordIndexTheTextsGive() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // Several checkpoints' worth: the reading threads take a part each.
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 6)
        try store.importManifest(at: try fixture.write(deliveries))
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        let gathered = try Self.wordIndex(fixture)
        #expect(try Self.trigramListsHoldTheirWords(fixture))
        // A changed row and then the same row back: the index is made again from the store's texts, each time.
        let original = deliveries[4321].name
        deliveries[4321].name = "Quetzalcoatl"
        try store.importManifest(at: try fixture.write(deliveries, name: "changed.json"))
        #expect(try Self.wordIndex(fixture) != gathered)
        deliveries[4321].name = original
        try store.importManifest(at: try fixture.write(deliveries, name: "back.json"))
        #expect(try Self.wordIndex(fixture) == gathered)
        // Every row changed (more than are kept up one by one), and back: made again whole, the same.
        let keys = try Self.keys(fixture)
        let renamed = deliveries.map { delivery -> Delivery in
            var delivery = delivery
            delivery.name += " Quetzalcoatl"
            return delivery
        }
        try store.importManifest(at: try fixture.write(renamed, name: "renamed.json"))
        #expect(try store.search("quetzalcoatl", status: .all).count == 5000)
        try store.importManifest(at: try fixture.write(deliveries, name: "all-back.json"))
        #expect(try store.search("quetzalcoatl", status: .all).count == 0)
        #expect(try Self.wordIndex(fixture) == gathered)
        #expect(try Self.keys(fixture) == keys)
    }

    /// Whether each trigram's list (and each short word's own) holds exactly
    /// the ids of the words holding it, its count says how many, and no
    /// word's trigram is missing: what `WordTrigrams` makes of the words.
    static func trigramListsHoldTheirWords(_ fixture: PostgresFixture) throws -> Bool {
        func bytes(_ hex: Substring) -> [UInt8] {
            let digits = Array(hex)
            return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
        }
        func rows(_ sql: String) throws -> [[Substring]] {
            try fixture.cluster.psql(fixture.database, sql).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
        }
        var holding: [Int64: [Int32]] = [:]
        for row in try rows("SELECT id, encode(convert_to(word, 'UTF8'), 'hex') FROM search_word ORDER BY id") {
            guard let id = Int32(row[0]) else { return false }
            for key in WordTrigrams.keys(of: String(decoding: bytes(row[1]), as: UTF8.self)) { holding[key, default: []].append(id) }
        }
        var listed: [Int64: [Int32]] = [:]
        for row in try rows("SELECT trigram, count, encode(words, 'hex') FROM search_trigram") {
            guard let key = Int64(row[0]), let count = Int(row[1]) else { return false }
            let ids = PositionListCoding.decoded(bytes(row[2]))
            guard ids.count == count else { return false }
            listed[key] = ids
        }
        return !listed.isEmpty && listed == holding
    }

    /// The word index as one line: a digest of every word and its positions, in word order.
    static func wordIndex(_ fixture: PostgresFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT md5(string_agg(word || ':' || encode(positions, 'hex'), ',' ORDER BY word COLLATE "C")) FROM search_word
            """)
    }

    @Test func aBadManifestChangesNothing() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let deliveries = PostgresFixture.deliveries(count: 20)
        try store.importManifest(at: try fixture.write(deliveries))
        let bad = fixture.folder.appendingPathComponent("bad.json")
        try Data(#"{"deliveries": [{"id": "X-1", "name": "A", "address": {"line1": "B"}, "status": "lost"}]}"#.utf8).write(to: bad)
        #expect(throws: ManifestError.self) { try store.importManifest(at: bad) }
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
    }

    @Test func aProblemFoundAfterRowsWereSentChangesNothing() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // Rows are sent while the check is still on; a duplicate id late in the file is found by the check alone.
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 8)
        deliveries[4900].id = deliveries[10].id
        let duplicate = try fixture.write(deliveries, name: "duplicate.json")
        let migrated = try Self.keys(fixture)
        for stored in [0, 20] {
            if stored > 0 { try store.importManifest(at: try fixture.write(Array(PostgresFixture.deliveries(count: 20, seed: 9)))) }
            let words = try Self.wordIndex(fixture)
            do {
                try store.importManifest(at: duplicate)
                Issue.record("imported a manifest with a duplicate id")
            } catch let error as ManifestError {
                #expect(error.kind == .duplicateID && error.deliveryIndex == 4900)
            }
            #expect(try store.count() == stored)
            #expect(try Self.keys(fixture) == migrated)
            #expect(try Self.wordIndex(fixture) == words)
        }
        // Bad JSON near the end: the same.
        var text = try String(contentsOf: duplicate, encoding: .utf8)
        text.removeLast(3)
        let cut = fixture.folder.appendingPathComponent("cut.json")
        try Data(text.utf8).write(to: cut)
        #expect(throws: ManifestError.self) { try store.importManifest(at: cut) }
        #expect(try store.count() == 20)

        // A problem in each half (the two are read at once): the first in the file is the one reported.
        var twice = try String(contentsOf: try fixture.write(PostgresFixture.deliveries(count: 5000, seed: 8), name: "twice.json"), encoding: .utf8)
        for index in [4000, 1000] {
            twice = twice.replacingOccurrences(of: "\"\(deliveries[index].id)\"", with: "\(index)")
        }
        let problems = fixture.folder.appendingPathComponent("problems.json")
        try Data(twice.utf8).write(to: problems)
        do {
            try store.importManifest(at: problems)
            Issue.record("imported a manifest whose ids are numbers")
        } catch let error as ManifestError {
            #expect(error.kind == .schema && error.deliveryIndex == 1000, "\(error)")
        }
        #expect(try store.count() == 20)
    }

    @Test func anImportChangingManyRowsNeverLocksReadersOut() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let deliveries = PostgresFixture.deliveries(count: 8000, seed: 11)
        try store.importManifest(at: try fixture.write(deliveries))
        let keys = try Self.keys(fixture)
        let wordTables = "SELECT 'search_word'::regclass::oid || ',' || 'search_trigram'::regclass::oid"
        let liveWordTables = try fixture.cluster.psql(fixture.database, wordTables)
        // Every row changed (more than the merge keeps up word by word).
        var changed = deliveries
        for index in changed.indices { changed[index].name += " Jr" }
        #expect(changed.count > PostgresImport.remakesWordIndexAbove)
        let manifest = try fixture.write(changed, name: "changed.json")
        // A browser's reads wait behind an exclusive lock for as long as it is held: its screen would stand still.
        let watcher = try fixture.open()
        let done = Atomic<Bool>(false)
        let failure = Mutex<String?>(nil)
        Thread {
            do { try store.importManifest(at: manifest) } catch { failure.withLock { $0 = "\(error)" } }
            done.store(true, ordering: .releasing)
        }.start()
        var looks = 0
        var exclusive = 0
        while !done.load(ordering: .acquiring) {
            let rows = try watcher.link.rows("""
                SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                WHERE c.relname = 'delivery' AND l.mode = 'AccessExclusiveLock'
                """)
            exclusive += Int(try rows.first?.decode(Int64.self) ?? 0)
            looks += 1
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(looks > 10 && exclusive == 0, "\(exclusive) of \(looks) looks found the rows locked")
        #expect(PostgresFixture.rows(try watcher.deliveries()) == changed)
        #expect(try Self.keys(fixture) == keys, "the keys and indexes are those the migrations made")
        // The word tables were made beside the import and swapped in, not emptied and refilled under a lock searches wait on.
        #expect(try fixture.cluster.psql(fixture.database, wordTables) != liveWordTables)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM pg_class WHERE relname LIKE 'search_%_import'") == "0")
        #expect(try watcher.search("jr").count == changed.count)
        // The changed rows' old versions are cleaned from the indexes too, so every page is all-visible
        // again and a sorted list's steps read their index alone.
        #expect(try fixture.cluster.psql(fixture.database, "SELECT relallvisible = relpages FROM pg_class WHERE relname = 'delivery'") == "t")
    }

    @Test func anIDTheStoreHasRepeatedInTheManifestChangesNothing() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let deliveries = PostgresFixture.deliveries(count: 30)
        try store.importManifest(at: try fixture.write(deliveries))
        // Delivery 5 again at the end, changed: neither copy may win silently.
        var again = deliveries[5]
        again.name = "Someone Else"
        do {
            try store.importManifest(at: try fixture.write(deliveries + [again], name: "again.json"))
            Issue.record("imported a manifest with a duplicate id")
        } catch let error as ManifestError {
            #expect(error.kind == .duplicateID && error.deliveryIndex == 30, "\(error)")
        }
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
    }

    @Test func anImportTheServerRejectsRollsBackWhole() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // A rule of the server's that the manifest cannot know: it refuses the
        // COPY half way into an empty store, the merge into one with rows.
        _ = try fixture.cluster.psql(fixture.database, "ALTER TABLE delivery ADD CONSTRAINT no_refused CHECK (name <> 'Refused')")
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 3)
        deliveries[4000].name = "Refused"
        let refused = try fixture.write(deliveries, name: "refused.json")
        for stored in [0, 10] {
            if stored > 0 { try store.importManifest(at: try fixture.write(PostgresFixture.deliveries(count: 10))) }
            #expect(throws: StoreError.self) { try store.importManifest(at: refused) }
            #expect(try store.count() == stored)
            #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM delivery") == "\(stored)")
        }
    }

    @Test func aNULInTheManifestIsNamedWhereItStandsAndChangesNothing() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // PostgreSQL text cannot hold NUL: the manifest's problem, not the server's, found by the part reading it.
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 3)
        deliveries[4000].name = "Nul\u{0}Name"
        let nul = try fixture.write(deliveries, name: "nul.json")
        for stored in [0, 10] {
            if stored > 0 { try store.importManifest(at: try fixture.write(PostgresFixture.deliveries(count: 10))) }
            do {
                try store.importManifest(at: nul)
                Issue.record("imported a NUL")
            } catch let error as ManifestError {
                #expect(error.kind == .unstorable && error.deliveryIndex == 4000, "\(error)")
                #expect(error.field == "deliveries[4000].name" && error.line == 4002, "\(error)")
            }
            #expect(try store.count() == stored)
        }
        // The SQLite store keeps it.
        let sqlite = try DeliveryStore(url: fixture.folder.appendingPathComponent("nul.sqlite"))
        try sqlite.importManifest(at: nul)
        #expect(try sqlite.count() == 5000)
        // An item's name is kept inside the items' JSON, where NUL is an escape: it goes in, and comes back.
        deliveries[4000].name = "Name"
        deliveries[4000].items = [Item(name: "Nul\u{0}Item")]
        try store.importManifest(at: try fixture.write(deliveries, name: "items.json"))
        #expect(PostgresFixture.rows(try store.deliveries())[4000].items == deliveries[4000].items)
    }

    @Test func statusChangesAreLoggedAndUndoneByTheirOwnClient() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open(client: "dispatcher")
        let other = try fixture.open(client: "courier")
        var deliveries = PostgresFixture.deliveries(count: 5)
        deliveries[1].status = .pending
        try store.importManifest(at: try fixture.write(deliveries))
        let id = deliveries[1].id
        let change = try store.setStatus(.outForDelivery, forDeliveryID: id)
        #expect(change == StatusChange(deliveryID: id, row: 1, oldStatus: .pending, newStatus: .outForDelivery))
        #expect(try store.setStatus(.outForDelivery, forDeliveryID: id) == nil)
        // Both change the same delivery: the last write wins, the log keeps both.
        try other.setStatus(.delivered, forDeliveryID: id)
        #expect(try store.delivery(id: id)?.status == .delivered)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(new_status, ',' ORDER BY sequence) FROM status_change")
                == "out_for_delivery,delivered")
        // Undo takes back this client's own last change.
        let undone = try store.undoLastChange()
        #expect(undone?.deliveryID == id && undone?.newStatus == .pending && undone?.oldStatus == .delivered)
        #expect(try store.undoLastChange() == nil)
        #expect(try other.undoLastChange()?.newStatus == .outForDelivery)
        #expect(throws: StoreError.self) { try store.setStatus(.failed, forDeliveryID: "nobody") }
    }

    @Test func anotherStoresChangeIsAnnounced() throws {
        let fixture = try PostgresFixture()
        let watcher = try fixture.open()
        let writer = try fixture.open()
        let deliveries = PostgresFixture.deliveries(count: 100)
        try writer.importManifest(at: try fixture.write(deliveries))
        let rows = try watcher.deliveries()
        _ = rows.delivery(at: 7)
        _ = try watcher.refreshIfChangedElsewhere()
        let status: DeliveryStatus = deliveries[7].status == .failed ? .delivered : .failed
        try writer.setStatus(status, forDeliveryID: deliveries[7].id)
        // The notification arrives on its own; wait for it (bounded), without timing it.
        var announced = false
        for _ in 0..<200 where !announced {
            announced = try watcher.refreshIfChangedElsewhere()
            if !announced { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(announced)
        #expect(rows.delivery(at: 7).status == status)
    }

    @Test func aBigSearchIsCountedPerStatusHereAndFollowsStatusChanges() throws {
        let fixture = try PostgresFixture()
        // Searches finding more than 10 rows are counted against each status's positions, read once per change.
        let store = try fixture.open(rowsPerStep: 100, eagerLimit: 300, positionsCountedByTheServer: 10)
        var deliveries = PostgresFixture.deliveries(count: 600, seed: 22)
        try store.importManifest(at: try fixture.write(deliveries))
        func expected(_ word: String) -> StatusCounts {
            var counts = StatusCounts()
            for delivery in deliveries where SubstringSearch.searchedText(
                id: delivery.id, name: delivery.name, line1: delivery.address.line1, line2: delivery.address.line2).contains(word) {
                counts[delivery.status] += 1
            }
            return counts
        }
        let found = try store.search("road", status: .all)
        #expect(found.count > 10)
        #expect(try store.statusCounts(matching: "road") == expected("road"))
        #expect(try store.statusCounts(matching: "kingfisher") == expected("kingfisher"))
        // A status changed here: the positions per status are read again.
        let changed = found.delivery(at: 3)
        let status: DeliveryStatus = changed.status == .failed ? .delivered : .failed
        try store.setStatus(status, forDeliveryID: changed.id)
        if let index = deliveries.firstIndex(where: { $0.id == changed.id }) { deliveries[index].status = status }
        #expect(try store.statusCounts(matching: "road") == expected("road"))
        // And elsewhere: once announced and refreshed, as the browser does on its idle tick.
        let other = try fixture.open()
        let second = found.delivery(at: 5)
        try other.setStatus(.pending, forDeliveryID: second.id)
        if let index = deliveries.firstIndex(where: { $0.id == second.id }) { deliveries[index].status = .pending }
        var refreshed = false
        for _ in 0..<200 where !refreshed {
            refreshed = try store.refreshIfChangedElsewhere()
            if !refreshed { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(refreshed)
        #expect(try store.statusCounts(matching: "road") == expected("road"))
    }

    @Test func migrationsAreVersionedAndRunOnce() throws {
        let fixture = try PostgresFixture()
        _ = try fixture.open()
        _ = try fixture.open()
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(version::text, ',' ORDER BY version) FROM idm_schema_migration")
                == "1,2,3,4,5,6,7,8,9,10,11,12,13,14")
        // Statistics are kept only for the columns queries filter or sort on,
        // and the indexes' expressions, each from a sample of the same size.
        #expect(try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(attname, ',' ORDER BY attname) FROM pg_attribute
            WHERE attrelid = 'delivery'::regclass AND attnum > 0 AND attstattarget = 0
            """) == "imported_status,instructions,items,line1,line2,phone,search_text,text_number")
        #expect(try Self.sampledColumns(fixture) == """
            delivery.address_length,delivery.delivery_window,delivery.id,delivery.name,delivery.name_length,\
            delivery.position,delivery.status,delivery.window_length,delivery_by_status.case,\
            search_trigram.trigram,search_word.id,search_word.word:\(PostgresSchema.statisticsTarget)
            """)
        try fixture.cluster.psql(fixture.database, "INSERT INTO idm_schema_migration(version, name) VALUES (99, 'future')")
        #expect {
            _ = try fixture.open()
        } throws: { error in
            (error as? StoreError)?.kind == .notAStore && "\(error)".contains("newer")
        }
    }

    @Test func aCourierRoleThatMayOnlyReadAndChangeRowsOpensAnUpToDateStore() throws {
        let fixture = try PostgresFixture()
        let deliveries = PostgresFixture.deliveries(count: 40, seed: 31)
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        // As a team sets up a courier: rows read and changed, nothing made
        // (no CREATE on the schema, as PostgreSQL 15 has it for all but its owner).
        let courier = "c_" + UUID().uuidString.prefix(8).lowercased()
        try fixture.cluster.psql(fixture.database, """
            CREATE ROLE \(courier) LOGIN;
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;
            GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO \(courier);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(courier);
            """)
        let url = "postgresql://\(courier)@/\(fixture.database)?host=\(fixture.cluster.socketDirectory)&port=\(fixture.cluster.port)"
        let store = try PostgresDeliveryStore(location: PostgresLocation(url: url, environment: [:]), client: "courier")
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        #expect(PostgresFixture.rows(try store.search(deliveries[7].id.lowercased(), status: .all)).map(\.id) == [deliveries[7].id])
        let status: DeliveryStatus = deliveries[7].status == .failed ? .delivered : .failed
        try store.setStatus(status, forDeliveryID: deliveries[7].id)
        #expect(try fixture.open().deliveries().delivery(at: 7).status == status)
        // A role not granted the kept text orders (a table a later version made) still lists the rows in them: the server sorts.
        try fixture.cluster.psql(fixture.database, "REVOKE SELECT ON text_order FROM \(courier)")
        let byName = PostgresFixture.rows(try fixture.open().search("", status: .all, sort: .name)).map(\.id)
        #expect(PostgresFixture.rows(try store.search("", status: .all, sort: .name)).map(\.id) == byName)
        // A store a migration behind: the courier may not make it, is told
        // whom to ask, and the store is left as it was.
        try fixture.cluster.psql(fixture.database, "DELETE FROM idm_schema_migration WHERE version = \(PostgresSchema.latestVersion)")
        #expect {
            _ = try PostgresDeliveryStore(location: PostgresLocation(url: url, environment: [:]), client: "courier")
        } throws: { error in
            (error as? StoreError)?.kind == .newerSchema && "\(error)".contains("open it once as its owner")
        }
        #expect(try fixture.cluster.psql(fixture.database, "SELECT max(version) FROM idm_schema_migration")
                == String(PostgresSchema.latestVersion - 1))
        // Its owner brings it up to date, and the courier opens it again.
        _ = try fixture.open()
        #expect(try PostgresDeliveryStore(location: PostgresLocation(url: url, environment: [:]), client: "courier").count() == 40)
    }

    @Test func aVersion1DatabaseIsBroughtUpToDate() throws {
        let fixture = try PostgresFixture()
        let deliveries = PostgresFixture.deliveries(count: 30)
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        // As version 1 left it: folded its own way, the address joined with a comma, the lengths in an index of their own,
        // a trigram index over the texts and no word index.
        try fixture.cluster.psql(fixture.database, """
            DELETE FROM idm_schema_migration WHERE version >= 2;
            DROP TABLE text_order;
            DROP TABLE search_word, search_trigram;
            CREATE INDEX delivery_search ON delivery USING gin (search_text gin_trgm_ops);
            ALTER TABLE delivery DROP CONSTRAINT delivery_pkey, ADD CONSTRAINT delivery_pkey PRIMARY KEY (position);
            CREATE INDEX delivery_lengths ON delivery (position) INCLUDE (name_length, address_length, window_length);
            UPDATE delivery SET search_text = id || E'\\n' || name || E'\\n' || line1 || coalesce(', ' || line2, '')
            """)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM delivery WHERE search_text LIKE '%zoe%'") == "0")
        let store = try fixture.open()
        let stored = try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(encode(convert_to(search_text, 'UTF8'), 'hex'), ',' ORDER BY position) FROM delivery
            """)
        let expected = deliveries.map {
            SubstringSearch.searchedText(id: $0.id, name: $0.name, line1: $0.address.line1, line2: $0.address.line2)
                .utf8.map { String(format: "%02x", $0) }.joined()
        }
        #expect(stored == expected.joined(separator: ","))
        #expect(PostgresFixture.rows(try store.search("zoe müll", status: .all)).map(\.id) == [deliveries[0].id])
        let keys = try Self.keys(fixture)
        #expect(!keys.contains("delivery_lengths") && keys.contains("INCLUDE (name_length, address_length, window_length)"))
    }

    @Test func aVersion6DatabaseGetsIdsComparedAsBytesAndTheNewWindowAndStatusIndexes() throws {
        let fixture = try PostgresFixture()
        var deliveries = PostgresFixture.deliveries(count: 30)
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        let migrated = try Self.keys(fixture)
        let idCollation = "SELECT collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation WHERE attrelid = 'delivery'::regclass AND attname = 'id'"
        #expect(try fixture.cluster.psql(fixture.database, idCollation) == "C")
        // As version 6 left it: ids in the database's collation, the window order's emptiness in two keys,
        // the status index led by the status's text, the words unnumbered with a pg_trgm index.
        try fixture.cluster.psql(fixture.database, """
            DELETE FROM idm_schema_migration WHERE version >= 7;
            DROP TABLE text_order;
            DROP TABLE search_trigram;
            ALTER TABLE search_word DROP COLUMN id;
            CREATE INDEX search_word_trigram ON search_word USING gin (word gin_trgm_ops);
            ALTER TABLE delivery ALTER COLUMN id TYPE text COLLATE "default";
            DROP INDEX delivery_by_status;
            CREATE INDEX delivery_by_status ON delivery (status, position);
            CREATE INDEX delivery_by_status_then_name ON delivery ((CASE status WHEN 'pending' THEN 0 WHEN 'out_for_delivery' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END),
                (lower(name COLLATE "C")), position) INCLUDE (name, status);
            CREATE INDEX delivery_by_status_then_window ON delivery ((CASE status WHEN 'pending' THEN 0 WHEN 'out_for_delivery' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END),
                ((delivery_window IS NULL OR delivery_window = '')), ((delivery_window IS NOT NULL)),
                (coalesce(delivery_window, '') COLLATE "C"), position) INCLUDE (delivery_window, status);
            """)
        #expect(try fixture.cluster.psql(fixture.database, idCollation) == "default")
        #expect(try Self.keys(fixture) != migrated)
        let store = try fixture.open()
        #expect(try fixture.cluster.psql(fixture.database, idCollation) == "C")
        #expect(try Self.keys(fixture) == migrated)
        // Ids are found as before: a re-import joins on them, a status change looks one up.
        deliveries[5].name = "Quetzal Renamed"
        try store.importManifest(at: try fixture.write(deliveries, name: "renamed.json"))
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        #expect(PostgresFixture.rows(try store.search("quetzal", status: .all)).map(\.id) == [deliveries[5].id])
        let status: DeliveryStatus = deliveries[5].status == .failed ? .delivered : .failed
        try store.setStatus(status, forDeliveryID: deliveries[5].id)
        #expect(try store.deliveries().delivery(at: 5).status == status)
        // Statuses are filtered and counted through the rank.
        deliveries[5].status = status
        let failed = deliveries.filter { $0.status == .failed }.map(\.id)
        #expect(!failed.isEmpty)
        #expect(PostgresFixture.rows(try store.search("", status: .failed)).map(\.id) == failed)
        let counts = try store.statusCounts(matching: "")
        #expect(DeliveryStatus.allCases.map { counts[$0] } == DeliveryStatus.allCases.map { status in deliveries.count { $0.status == status } })
    }

    @Test func aVersion3DatabaseGetsItsWordIndex() throws {
        let fixture = try PostgresFixture()
        var deliveries = PostgresFixture.deliveries(count: 40)
        deliveries[3].name = "Zoë Kingfisher-Smith"
        deliveries[9].address.line2 = "Kingfisher Court"
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        let migrated = try Self.keys(fixture)
        // As version 3 left it: a trigram index over every text, no word index, no index per sort order.
        try fixture.cluster.psql(fixture.database, """
            DELETE FROM idm_schema_migration WHERE version >= 4;
            DROP TABLE text_order;
            DROP TABLE search_word, search_trigram;
            CREATE INDEX delivery_search ON delivery USING gin (search_text gin_trgm_ops);
            """)
        let store = try fixture.open()
        #expect(try Self.keys(fixture) == migrated)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT max(version) FROM idm_schema_migration") == String(PostgresSchema.latestVersion))
        let texts = deliveries.map {
            SubstringSearch.searchedText(id: $0.id, name: $0.name, line1: $0.address.line1, line2: $0.address.line2)
        }
        let holdingKingfisher = deliveries.indices.filter { texts[$0].contains("kingfisher") }.map { deliveries[$0].id }
        #expect(holdingKingfisher.count >= 2)
        #expect(PostgresFixture.rows(try store.search("kingfisher", status: .all)).map(\.id) == holdingKingfisher)
        #expect(PostgresFixture.rows(try store.search("zoe fisher-s", status: .all)).map(\.id) == [deliveries[3].id])
        // Every word of every text is in the index once.
        let words = try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM search_word")
        let expected = Set(texts.flatMap { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) })
        #expect(words == String(expected.count))
    }

    @Test func aVersion10DatabasesWordsGetTrigramListsAndKeepTheirReaders() throws {
        let fixture = try PostgresFixture()
        var deliveries = PostgresFixture.deliveries(count: 300, seed: 21)
        deliveries[5].name = "Zoë Kingfisher-Smith"
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        let migrated = try Self.keys(fixture)
        let words = try Self.wordIndex(fixture)
        let reader = "r_" + UUID().uuidString.prefix(8).lowercased()
        // As version 10 left it: the words unnumbered, with a pg_trgm index, and a role allowed to read them;
        // an index per text order.
        try fixture.cluster.psql(fixture.database, """
            DELETE FROM idm_schema_migration WHERE version >= 11;
            DROP TABLE text_order;
            \(PostgresSchema.sortIndexes.map(\.build).joined(separator: ";\n"));
            DROP TABLE search_trigram;
            ALTER TABLE search_word DROP COLUMN id;
            CREATE INDEX search_word_trigram ON search_word USING gin (word gin_trgm_ops);
            CREATE ROLE \(reader);
            GRANT SELECT ON delivery, search_word TO \(reader);
            """)
        let store = try fixture.open()
        #expect(try Self.keys(fixture) == migrated)
        #expect(try Self.wordIndex(fixture) == words)
        #expect(try Self.trigramListsHoldTheirWords(fixture))
        #expect(PostgresFixture.rows(try store.search("zoe fisher-s", status: .all)).map(\.id) == [deliveries[5].id])
        #expect(try fixture.cluster.psql(fixture.database, """
            SET ROLE \(reader); SELECT count(*) > 0 FROM search_trigram
            """) == "t")
    }

    /// The columns of `delivery` and the word index's tables, and the
    /// expressions of `delivery`'s indexes, that `ANALYZE` samples, with
    /// their targets (the server's default, when none is set, is -1).
    static func sampledColumns(_ fixture: PostgresFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(names, ' ') FROM (
                SELECT string_agg(c.relname || '.' || a.attname, ',' ORDER BY c.relname, a.attname) || ':' || a.attstattarget AS names
                FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_index i ON i.indexrelid = a.attrelid
                WHERE a.attnum > 0 AND a.attstattarget <> 0 AND (a.attrelid IN ('delivery'::regclass, 'search_word'::regclass, 'search_trigram'::regclass)
                    OR (i.indrelid = 'delivery'::regclass AND a.attnum <= i.indnkeyatts AND i.indkey[a.attnum - 1] = 0))
                GROUP BY a.attstattarget ORDER BY a.attstattarget) AS targets
            """)
    }

    /// The most entries of any figure the planner keeps for `delivery`'s
    /// columns and its indexes' expressions (a histogram's bounds, or the
    /// most common values), which the sample's target bounds, with the
    /// expressions that have figures.
    static func largestFigures(_ fixture: PostgresFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT max(greatest(coalesce(array_length(histogram_bounds::text::text[], 1), 0),
                                coalesce(array_length(most_common_vals::text::text[], 1), 0)))
                || ' ' || string_agg(DISTINCT tablename || '.' || attname, ',') FILTER (WHERE tablename <> 'delivery')
            FROM pg_stats WHERE tablename = 'delivery' OR tablename IN (
                SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = 'delivery'::regclass)
            """)
    }

    /// The keys and indexes of `delivery`, as the server describes them.
    static func keys(_ fixture: PostgresFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(indexdef, E'\\n' ORDER BY indexname) FROM pg_indexes WHERE tablename IN ('delivery', 'search_word', 'search_trigram')
            UNION ALL
            SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), E'\\n' ORDER BY conname)
            FROM pg_constraint WHERE conrelid = 'delivery'::regclass
            """)
    }

    @Test func anImportIntoAnEmptyStoreBuildsTheKeysAndIndexesTheMigrationsMade() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let migrated = try Self.keys(fixture)
        #expect(migrated.contains("INCLUDE (name_length, address_length, window_length)")
                && migrated.contains("search_word USING btree (id)") && migrated.contains("search_trigram USING btree (trigram)"))
        let sampled = try Self.sampledColumns(fixture)
        let deliveries = PostgresFixture.deliveries(count: 500)
        try store.importManifest(at: try fixture.write(deliveries))
        #expect(try Self.keys(fixture) == migrated)
        #expect(try Self.sampledColumns(fixture) == sampled)
        // The import's own figures came from the small sample, the new indexes' too.
        #expect(try Self.largestFigures(fixture) == """
            \(PostgresSchema.statisticsTarget + 1) delivery_by_status.case
            """)
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        // Keys hold: a second copy of a row cannot go in.
        #expect(throws: (any Error).self) {
            try fixture.cluster.psql(fixture.database, "INSERT INTO delivery SELECT * FROM delivery WHERE position = 1")
        }
    }

    /// The pages of `delivery`, and how many of them the visibility map has all-visible and all-frozen.
    private static func visibility(_ fixture: PostgresFixture) throws -> String {
        _ = try fixture.cluster.psql(fixture.database, "CREATE EXTENSION IF NOT EXISTS pg_visibility")
        return try fixture.cluster.psql(fixture.database, """
            SELECT pg_relation_size('delivery') / current_setting('block_size')::integer, all_visible, all_frozen
            FROM pg_visibility_map_summary('delivery')
            """)
    }

    /// Into an empty store the rows go in frozen, their pages all-visible as
    /// they are written, so that an index alone answers over them with no
    /// vacuum; after a merge, a vacuum makes the pages it changed so again.
    @Test func anImportLeavesEveryPageAllVisible() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        var deliveries = PostgresFixture.deliveries(count: 3000, seed: 9)
        try store.importManifest(at: try fixture.write(deliveries, name: "first.json"))
        let pages = try #require(Int(try Self.visibility(fixture).split(separator: "|").first ?? ""))
        #expect(pages > 10)
        // Frozen: a vacuum would have left them all-visible only (they are far younger than any freezing age).
        #expect(try Self.visibility(fixture) == "\(pages)|\(pages)|\(pages)")
        for index in stride(from: 0, to: deliveries.count, by: 7) { deliveries[index].phone = "+44 20 7946 \(index)" }
        deliveries += PostgresFixture.deliveries(count: 3100, seed: 10).suffix(100)
        try store.importManifest(at: try fixture.write(deliveries, name: "second.json"))
        let after = try Self.visibility(fixture).split(separator: "|").map { Int($0) ?? -1 }
        #expect(after.count == 3 && after[0] > pages && after[1] == after[0], "\(after)")
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
    }

    @Test func aFailedImportIntoAnEmptyStoreLeavesItEmptyWithItsIndexes() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // The server refuses a row half way (a rule the manifest cannot know), after the keys were dropped.
        _ = try fixture.cluster.psql(fixture.database, "ALTER TABLE delivery ADD CONSTRAINT no_refused CHECK (name <> 'Refused')")
        let migrated = try Self.keys(fixture)
        var deliveries = PostgresFixture.deliveries(count: 5000, seed: 5)
        deliveries[4000].name = "Refused"
        #expect(throws: StoreError.self) { try store.importManifest(at: try fixture.write(deliveries, name: "refused.json")) }
        #expect(try store.count() == 0)
        #expect(try Self.keys(fixture) == migrated)
        deliveries[4000].name = "Accepted"
        try store.importManifest(at: try fixture.write(deliveries, name: "good.json"))
        #expect(try store.count() == 5000)
    }
}
