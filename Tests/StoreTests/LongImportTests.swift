import Foundation
import GRDB
import Manifest
import Model
import SeededRandom
import TestSupport
import Testing
@testable import Store

/// A large import writes in short slices and swaps its result in at once: a
/// status change from another instance is saved while it runs and survives
/// it, readers never see it half done, and a killed one leaves only staging,
/// which the next open or import discards.
@Suite struct LongImportTests {
    private func rows(_ source: some DeliverySource) -> [Delivery] {
        (0..<source.count).map(source.delivery(at:))
    }

    /// A store holding `base`, and a manifest that updates its first half and
    /// adds `extra` deliveries: more than `directImportLimit`, so it is staged.
    private func setUp(_ folder: URL, base: [Delivery], extra: Int) throws -> (url: URL, big: URL, manifest: [Delivery]) {
        let url = folder.appendingPathComponent("d.sqlite")
        try DeliveryStore(url: url).importManifest(at: try SampleManifest.write(base, to: folder))
        var manifest = Array(base[0 ..< base.count / 2]) + SampleManifest.deliveries(count: extra, idPrefix: "BIG")
        manifest[0].name = "Renamed By The Import"
        #expect(manifest.count > DeliveryImporter.directImportLimit)
        return (url, try SampleManifest.write(manifest, to: folder, name: "big.json"), manifest)
    }

    /// The store's counts per status, counted from its rows.
    private func countedStatuses(_ deliveries: [Delivery]) -> StatusCounts {
        var counts = StatusCounts()
        for delivery in deliveries { counts[delivery.status] += 1 }
        return counts
    }

    /// The deliveries (in the manifest, `base[1]`, and not, the last of `base`)
    /// whose status another instance changes between two of the import's
    /// transactions: saved at once, and still there, logged and indexed, once
    /// the import is published.
    @Test func aStatusChangeBetweenSlicesIsSavedAtOnceAndKept() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let base = SampleManifest.deliveries(count: 200)
        let (url, big, manifest) = try setUp(folder, base: base, extra: 3000)
        let importer = try DeliveryStore(url: url)
        let browser = try DeliveryStore(url: url)
        let inManifest = base[1], notInManifest = base[198]
        #expect(inManifest.status != .failed && notInManifest.status != .failed)

        let events = Shared<[String]>([])
        let outcomes = Shared<[Result<StatusChange?, StoreError>]>([])
        let summary = try importer.importManifest(at: big) { progress in
            guard progress.phase == .importing, outcomes.withLock({ $0.isEmpty }) else { return }
            // The import has written a slice and holds no lock: another instance's change goes in now.
            let saved = [inManifest, notInManifest].map { delivery in
                Result { () throws(StoreError) in try browser.setStatus(.failed, forDeliveryID: delivery.id) }
            }
            // Readers still see the store as it was before the import.
            let seen = (try? browser.count()) ?? -1
            outcomes.withLock { $0 = saved }
            events.withLock { $0.append("saved while \(seen) rows were visible") }
        }
        events.withLock { $0.append("imported") }

        #expect(events.withLock { $0 } == ["saved while 200 rows were visible", "imported"])
        for outcome in outcomes.withLock({ $0 }) {
            #expect(throws: Never.self) { try outcome.get() }
            #expect((try? outcome.get())?.newStatus == .failed)
        }
        #expect(summary.added == 3000 && summary.updated == 100 && summary.storeCount == 3200)

        // The import is in (a renamed delivery, the new ones) and both changes are kept.
        var expected = base + manifest[100...]
        expected[0].name = "Renamed By The Import"
        expected[1].status = .failed
        expected[198].status = .failed
        let reopened = try DeliveryStore(url: url)
        #expect(rows(try reopened.deliveries()) == expected)
        #expect(try reopened.statusCounts() == countedStatuses(expected))
        let failed = try reopened.search("", status: .failed)
        #expect(failed.count == expected.filter { $0.status == .failed }.count)
        #expect(try reopened.search(inManifest.id, status: .failed).count == 1)
        #expect(try reopened.search(notInManifest.id, status: .failed).count == 1)
        #expect(try reopened.search("renamed by the import").count == 1)
        // Logged: undo goes back through both changes.
        #expect(try reopened.undoLastChange().undoneDeliveryID == notInManifest.id)
        #expect(try reopened.undoLastChange().undoneDeliveryID == inManifest.id)
        #expect(try reopened.delivery(id: inManifest.id)?.status == inManifest.status)
        #expect(try reopened.search(inManifest.id, status: .failed).count == 0)
        #expect(try reopened.statusCounts() == countedStatuses(base + manifest[100...]))
        #expect(try Self.leftoverTables(url) == [])
    }

    /// A change asked for while the import is running (not paused between
    /// slices) waits only for the slice under way: it is saved before the
    /// import ends, which is later seen to publish on top of it.
    @Test func aChangeWaitingForTheLockIsLetInBeforeTheImportEnds() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let base = SampleManifest.deliveries(count: 200)
        let (url, big, _) = try setUp(folder, base: base, extra: 12000)
        let importer = try DeliveryStore(url: url)
        let browser = try DeliveryStore(url: url)

        let writing = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let events = Shared<[String]>([])
        let failure = Shared<String?>(nil)
        Thread {
            let signalled = Shared(false)
            do {
                try importer.importManifest(at: big) { progress in
                    guard progress.phase == .importing, !signalled.withLock({ $0 }) else { return }
                    signalled.withLock { $0 = true }
                    writing.signal()
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            events.withLock { $0.append("imported") }
            finished.signal()
        }.start()

        writing.wait()
        let change = try browser.setStatus(.failed, forDeliveryID: base[150].id)
        events.withLock { $0.append("saved") }
        finished.wait()

        #expect(failure.withLock { $0 } == nil)
        #expect(change?.newStatus == .failed)
        #expect(events.withLock { $0 } == ["saved", "imported"], "the change did not wait for the whole import")
        #expect(try browser.count() == 12200)
        #expect(try browser.delivery(id: base[150].id)?.status == .failed)
        #expect(try browser.search(base[150].id, status: .failed).count == 1)
    }

    /// The hand-over itself: a writer that says it waits is seen by the
    /// import, which lets it finish before going on.
    @Test func theImportWaitsForAWriterThatSaysItIsWaiting() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let path = folder.appendingPathComponent("d.sqlite").path
        let importer = WaitingWriters(store: path), writer = WaitingWriters(store: path)
        importer.beginImport()
        defer { importer.endImport() }
        #expect(!importer.writerIsWaiting())
        importer.yieldToWaitingWriters()  // nobody waits: returns at once

        let events = Shared<[String]>([])
        let announced = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0), yielded = DispatchSemaphore(value: 0)
        Thread {
            writer.write {
                // What SQLite calls when the write finds the store locked.
                _ = writer.busy(tries: 0)
                announced.signal()
                proceed.wait()
                events.withLock { $0.append("written") }
            }
        }.start()
        announced.wait()
        #expect(importer.writerIsWaiting())
        Thread {
            // Between two of the import's transactions.
            importer.yieldToWaitingWriters()
            events.withLock { $0.append("import goes on") }
            yielded.signal()
        }.start()
        proceed.signal()
        yielded.wait()
        #expect(events.withLock { $0 } == ["written", "import goes on"])
        #expect(!importer.writerIsWaiting())
    }

    /// What a killed import leaves (staging tables, the change log and its
    /// trigger, no lock holder) is discarded by the next open, and the store
    /// is as it was; while an import holds the lock, its staging is left alone.
    @Test func aKilledImportsStagingIsDiscardedAndTheNextImportWorks() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let base = SampleManifest.deliveries(count: 300)
        let (url, big, manifest) = try setUp(folder, base: base, extra: 1500)
        let store = try DeliveryStore(url: url)
        try store.setStatus(.failed, forDeliveryID: base[7].id)
        let before = rows(try store.deliveries())

        // An import that got as far as writing a slice, then died.
        try store.database.pool.write { db in
            var staged = try StagedImport.begin(path: url.path, db)
            try staged.write(manifest.prefix(500).map(ImportRow.init), db)
        }
        try store.setStatus(.delivered, forDeliveryID: base[8].id)
        #expect(try Self.leftoverTables(url).contains("staged_delivery"))

        // A live import's staging stays.
        let live = try #require(try ImportLock.tryAcquire(store: url.path))
        _ = try DeliveryStore(url: url)
        #expect(try Self.leftoverTables(url).contains("staged_delivery"))
        live.release()

        let reopened = try DeliveryStore(url: url)
        #expect(try Self.leftoverTables(url) == [])
        var expected = before
        expected[8].status = .delivered
        #expect(rows(try reopened.deliveries()) == expected)
        #expect(try reopened.statusCounts() == countedStatuses(expected))
        #expect(try reopened.search("big").count == 0)
        let check = try DatabaseQueue(path: url.path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")

        let summary = try reopened.importManifest(at: big)
        #expect(summary.added == 1500 && summary.storeCount == 1800)
        #expect(try reopened.delivery(id: base[7].id)?.status == .failed)
        #expect(try reopened.search("big").count == 1500)
        #expect(try Self.leftoverTables(url) == [])
        #expect(!FileManager.default.fileExists(atPath: ImportLock.path(forStore: url.path)))
    }

    /// An import writes without evaluating the status `CHECK` (its statuses
    /// are `DeliveryStatus` values); once it is done, staged or direct, the
    /// writer evaluates it again, so no other write can store a bad status.
    @Test func theStatusCheckHoldsAgainAfterAnImport() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        for count in [DeliveryImporter.directImportLimit / 2, 3 * DeliveryImporter.importBatchSize] {
            let deliveries = SampleManifest.deliveries(count: count, idPrefix: "C\(count)-")
            try store.importManifest(at: try SampleManifest.write(deliveries, to: folder, name: "m\(count).json"))
            let ignored = try store.database.pool.write { db in try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") }
            #expect(ignored == false)
            #expect(throws: DatabaseError.self) {
                try store.database.pool.write { db in
                    try db.execute(sql: "UPDATE delivery SET status = 'lost' WHERE id = ?", arguments: [deliveries[0].id])
                }
            }
            #expect(try store.count() >= count)
        }
    }

    /// The staged insert binds each status as a literal: the literal is the status.
    @Test func eachStatusLiteralIsItsRawValue() {
        for status in DeliveryStatus.allCases { #expect(status.literal.description == status.rawValue) }
    }

    /// The same deliveries imported through the triggers (manifests small
    /// enough to be one transaction) and staged (one big manifest) give the
    /// same rows, folded text, search indexes and counts.
    @Test func stagedAndDirectImportsStoreTheSame() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 1000)
        deliveries[3].name = "Nul\u{0}Inside Ünïcode"
        deliveries[4].address.line2 = "東京都世田谷区\u{0}after"
        let direct = try DeliveryStore(url: folder.appendingPathComponent("direct.sqlite"))
        let part = DeliveryImporter.directImportLimit
        for start in stride(from: 0, to: deliveries.count, by: part) {
            let rows = Array(deliveries[start ..< min(deliveries.count, start + part)])
            try direct.importManifest(at: try SampleManifest.write(rows, to: folder, name: "part\(start).json"))
        }
        let staged = try DeliveryStore(url: folder.appendingPathComponent("staged.sqlite"))
        try staged.importManifest(at: try SampleManifest.write(deliveries, to: folder, name: "all.json"))

        let columns = "position, id, name, line1, line2, phone, text, status, importedStatus, items, instructions, window, searchFolded"
        let table = { (store: DeliveryStore) in
            try store.database.pool.read { db in
                (try Row.fetchAll(db, sql: "SELECT \(columns) FROM delivery ORDER BY position"),
                 try Row.fetchAll(db, sql: "SELECT * FROM delivery_length ORDER BY position"),
                 try Row.fetchAll(db, sql: "SELECT * FROM status_count ORDER BY status"))
            }
        }
        let (directRows, directLengths, directCounts) = try table(direct)
        let (stagedRows, stagedLengths, stagedCounts) = try table(staged)
        #expect(directRows == stagedRows)
        #expect(directLengths == stagedLengths)
        #expect(directCounts == stagedCounts)
        for query in ["zoë", "mull", "東京", "世田谷", "nul", "street 4", "dlv-0150", "ss", "a", "αθ", "inside"] {
            for filter in StatusFilter.allCases {
                let a = try direct.search(query, status: filter), b = try staged.search(query, status: filter)
                #expect(rows(a) == rows(b), "\(query) \(filter)")
            }
        }
        // The word index: each word with its positions, exactly the words of the folded texts.
        let words = { (store: DeliveryStore) in
            try store.database.pool.read { db in
                try Row.fetchAll(db, sql: "SELECT word, positions FROM search_word").reduce(into: [String: [Int32]]()) { words, row in
                    words[row[0]] = PositionListCoding.decoded([UInt8](row[1] as Data))
                }
            }
        }
        var expected = WordPositions()
        for row in stagedRows { expected.add(position: Int32(row["position"] as Int64), folded: row["searchFolded"]) }
        #expect(try words(staged) == expected.lists)
        #expect(try words(direct) == expected.lists)
        // And the trigram lists: each trigram with exactly the ids of the words holding it, in both.
        let trigrams = { (store: DeliveryStore) in
            try store.database.pool.read { db in
                let ids = try Row.fetchAll(db, sql: "SELECT id, word FROM search_word").reduce(into: [Int64: String]()) { ids, row in
                    ids[row[0]] = row[1]
                }
                return try Row.fetchAll(db, sql: "SELECT trigram, count, words FROM search_trigram")
                    .reduce(into: [Int64: Set<String>]()) { lists, row in
                        let words = PositionListCoding.decoded([UInt8](row[2] as Data))
                        #expect(words.count == row[1] as Int)
                        lists[row[0]] = Set(words.compactMap { ids[Int64($0)] })
                    }
            }
        }
        var holding: [Int64: Set<String>] = [:]
        for word in expected.lists.keys {
            for key in WordTrigrams.keys(of: word) { holding[key, default: []].insert(word) }
        }
        #expect(try trigrams(staged) == holding)
        #expect(try trigrams(direct) == holding)
        #expect(holding.count > 100)
    }

    /// A leftover table bigger than `dropsWholeUpTo` is emptied a slice at a
    /// time and then dropped; a smaller one is dropped at once; either way
    /// nothing is left and the live rows are untouched.
    @Test func leftoversAreEmptiedInSlicesOrDroppedWholeBySize() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let base = SampleManifest.deliveries(count: 300)
        let (url, _, manifest) = try setUp(folder, base: base, extra: 1500)
        let store = try DeliveryStore(url: url)
        let before = rows(try store.deliveries())
        for limit in [100_000, 500] {
            try store.database.pool.write { db in
                var staged = try StagedImport.begin(path: url.path, db)
                try staged.write(manifest.prefix(1200).map(ImportRow.init), db)
            }
            var deleted: [Int] = []
            while let step = try store.database.pool.write({ db in
                try StagedImport.discardStep(rows: 200, dropsWholeUpTo: limit, db)
            }) {
                deleted.append(step)
            }
            // 1200 staged rows: dropped whole under a large limit, a slice of 200 at a time under a small one.
            #expect(deleted.filter { $0 > 0 }.isEmpty == (limit > 1200), "limit \(limit): \(deleted)")
            #expect(try Self.leftoverTables(url) == [], "limit \(limit)")
        }
        #expect(rows(try store.deliveries()) == before)
    }

    /// The staged status index is kept up from the first slice on, and so is
    /// the ids' unique index while the ids come in order; out of order, that
    /// one is built from the staged rows once they are all written, or as
    /// soon as there are more than the limit, and then kept up. Either way
    /// they end up holding every staged row, and the published table keeps
    /// its ids unique by an index of its own.
    @Test func theStagedIndexesAreKeptUpOrBuiltOnceTheRowsAreStagedOrPastTheLimit() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (url, _, manifest) = try setUp(folder, base: [], extra: 1200)
        let store = try DeliveryStore(url: url)
        let expected = Dictionary(grouping: manifest, by: \.status.rawValue).mapValues(\.count)
        var shuffled = manifest
        var random = SplitMix64(seed: 0x5EED_0005)
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        for (limit, deliveries) in [(100_000, manifest), (100_000, shuffled), (500, shuffled)] {
            let rows = deliveries.map(ImportRow.init)
            // After each slice and once all are staged: (status index built, id index built).
            let built = try store.database.pool.write { db in
                var staged = try StagedImport.begin(path: url.path, indexesBuiltUpTo: limit, db)
                let indexes = { () throws -> (Bool, Bool) in
                    let found = try db.indexes(on: StagedImport.staged("delivery"))
                    return (found.contains { $0.columns == ["status"] }, found.contains { $0.columns == ["id"] && $0.isUnique })
                }
                var built: [(Bool, Bool)] = []
                for slice in stride(from: 0, to: rows.count, by: 400) {
                    try staged.write(Array(rows[slice ..< slice + 400]), db)
                    built.append(try indexes())
                }
                try staged.buildIndexes(allStaged: true, db)
                built.append(try indexes())
                let index = try #require(try db.indexes(on: StagedImport.staged("delivery")).first { $0.columns == ["status"] })
                let counted = try Row.fetchAll(db, sql: """
                    SELECT status, count(*) FROM staged_delivery INDEXED BY "\(index.name)" GROUP BY status
                    """).reduce(into: [String: Int]()) { $0[$1[0]] = $1[1] }
                #expect(counted == expected, "limit \(limit)")
                #expect(try Int.fetchOne(db, sql: "SELECT count(DISTINCT id) FROM staged_delivery") == rows.count)
                try StagedImport.dropLeftovers(db)
                return built
            }
            // 400, 800 and 1200 rows written: past a limit of 500 from the second slice on.
            let inOrder = deliveries == manifest
            let idBuilt = inOrder ? [true, true, true, true] : limit == 500 ? [false, true, true, true] : [false, false, false, true]
            #expect(built.map(\.0) == [true, true, true, true], "limit \(limit), in order: \(inOrder)")
            #expect(built.map(\.1) == idBuilt, "limit \(limit), in order: \(inOrder)")
        }
        // Published, the ids are unique by an index of their own, which the next import copies.
        try store.importManifest(at: try SampleManifest.write(shuffled, to: folder, name: "shuffled.json"))
        for _ in 0 ..< 2 {
            let (constraints, unique) = try store.database.pool.read { db in
                (try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list('delivery') WHERE origin = 'u'"),
                 try db.indexes(on: "delivery").filter { $0.columns == ["id"] && $0.isUnique }.count)
            }
            #expect(constraints == [] && unique == 1)
            // A repeated id: caught by the id index kept up (ids in order), or by building it at the end (shuffled).
            for deliveries in [manifest, shuffled] {
                let before = try store.deliveries()
                let again = deliveries + [deliveries[deliveries.count / 2]]
                let error = try #require(throws: ManifestError.self) {
                    try store.importManifest(at: try SampleManifest.write(again, to: folder, name: "twice.json"))
                }
                #expect(error.kind == .duplicateID)
                #expect((0 ..< before.count).map(before.delivery(at:)) == (0 ..< before.count).map(try store.deliveries().delivery(at:)))
                #expect(try Self.leftoverTables(url) == [])
            }
            try store.importManifest(at: try SampleManifest.write(manifest, to: folder))
        }
        #expect(try store.count() == manifest.count)
    }

    /// The staging and retired tables, and the change-log trigger, in the store.
    static func leftoverTables(_ url: URL) throws -> [String] {
        try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE name LIKE 'staged%' OR name LIKE 'retired%' ORDER BY name
                """)
        }
    }
}
