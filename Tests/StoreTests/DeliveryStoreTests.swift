import Foundation
import GRDB
import Manifest
import Model
import Testing
@testable import Store

@Suite struct DeliveryStoreTests {
    private func rows(_ source: some DeliverySource) -> [Delivery] {
        (0..<source.count).map(source.delivery(at:))
    }

    @Test func pagingReadsBackTheManifestInOrder() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 5000)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        let summary = try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        #expect(summary == ImportSummary(deliveries: 5000, added: 5000, storeCount: 5000))
        let source = try store.deliveries()
        #expect(source.count == deliveries.count)
        #expect(rows(source) == deliveries)
        // Backwards, so that pages are evicted and read again.
        for index in stride(from: deliveries.count - 1, through: 0, by: -97) {
            #expect(source.delivery(at: index) == deliveries[index])
            #expect(source.textLengths(at: index) == TextLengths(of: deliveries[index]))
        }
    }

    @Test func reimportUpdatesInPlaceAppendsNewIdsAndKeepsSavedStatuses() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 40)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try store.setStatus(.failed, forDeliveryID: deliveries[0].id)          // was pending
        deliveries[1].status = .delivered                                      // the manifest changes it
        deliveries[2].name = "Renamed Person"
        let extra = SampleManifest.deliveries(count: 3, idPrefix: "NEW")
        let summary = try store.importManifest(
            at: try SampleManifest.write(Array(deliveries[0..<10].reversed()) + extra, to: folder, name: "second.json"))
        #expect(summary.added == 3)
        // Only what the manifest changed is counted as updated: a courier's saved status is no change of the manifest's.
        #expect(summary.updated == 2)
        #expect(summary.unchanged == 8)
        #expect(summary.storeCount == 43)
        var expected = deliveries + extra
        expected[0].status = .failed
        #expect(rows(try store.deliveries()) == expected)
        #expect(try store.search("renamed").count == 1)
        #expect(try store.search("NEW").count == 3)
    }

    /// A manifest's problems, each found while its rows are already being
    /// written (an import reads, checks and writes in one pass).
    enum ManifestProblem: CaseIterable, Sendable {
        /// A new id twice: the staged table's unique ids refuse the second.
        case newIDRepeated
        /// A known id twice: both would update the same row.
        case knownIDRepeated
        /// A syntax error near the end of the file.
        case cutOff
    }

    /// Small (one transaction) and large (staged) manifests with a problem
    /// near their end change nothing, leave nothing behind, and the error is
    /// the manifest's own, naming the delivery or line.
    @Test(arguments: ManifestProblem.allCases, [60, 3000])
    func aManifestWithAProblemChangesNothing(_ problem: ManifestProblem, deliveries count: Int) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let store = try DeliveryStore(url: url)
        let deliveries = SampleManifest.deliveries(count: 300)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try store.setStatus(.failed, forDeliveryID: deliveries[5].id)
        let before = rows(try store.deliveries())
        var changed = SampleManifest.deliveries(count: count, idPrefix: "OTHER")
        switch problem {
        case .newIDRepeated: changed.append(changed[0])
        case .knownIDRepeated: changed += [deliveries[9], deliveries[9]]
        case .cutOff: break
        }
        var manifest = try SampleManifest.write(changed, to: folder, name: "bad.json")
        if problem == .cutOff {
            let bytes = try Data(contentsOf: manifest)
            manifest = folder.appendingPathComponent("cut.json")
            try bytes.prefix(bytes.count - 40).write(to: manifest)
        }
        let error = try #require(throws: ManifestError.self) { try store.importManifest(at: manifest) }
        switch problem {
        case .newIDRepeated:
            #expect(error.kind == .duplicateID)
            #expect(error.description.contains("deliveries[\(count)].id"))
        case .knownIDRepeated:
            #expect(error.kind == .duplicateID)
            #expect(error.description.contains("deliveries[\(count + 1)].id"))
        case .cutOff:
            #expect(error.kind == .syntax)
            #expect(error.line != nil)
        }
        #expect(rows(try store.deliveries()) == before)
        #expect(try store.search("other").count == 0)
        #expect(try LongImportTests.leftoverTables(url) == [])
    }

    /// Where an import can fail once it has written: in its one transaction
    /// (a small manifest), or, for a large one, while staging or in the publish.
    enum FailurePoint: CaseIterable, Sendable {
        case oneTransaction, staging, publishing
    }

    @Test(arguments: FailurePoint.allCases)
    func aWriteThatFailsHalfwayChangesNothing(at point: FailurePoint) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let store = try DeliveryStore(url: url)
        let deliveries = SampleManifest.deliveries(count: 100)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try store.setStatus(.delivered, forDeliveryID: deliveries[3].id)
        let before = rows(try store.deliveries())
        let count = point == .oneTransaction ? DeliveryImporter.directImportLimit : 5000
        // A trigger makes the write fail after many rows have gone in.
        let refuse: @Sendable (String) -> String = { table in
            """
            CREATE TRIGGER refuse BEFORE INSERT ON \(table) WHEN new.id = 'LATE-\(String(format: "%05d", count - 10))'
            BEGIN SELECT RAISE(ABORT, 'refused for the test'); END
            """
        }
        let other = try DatabaseQueue(path: url.path)
        switch point {
        case .oneTransaction: try other.write { try $0.execute(sql: refuse("delivery")) }
        case .publishing: try other.write { try $0.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON imported_manifest BEGIN SELECT RAISE(ABORT, 'refused for the test'); END") }
        case .staging: break
        }
        let late = SampleManifest.deliveries(count: count, idPrefix: "LATE")
        // Small enough for one transaction, or updating every delivery and adding thousands.
        let manifest = point == .oneTransaction ? late : deliveries + late
        #expect(throws: StoreError.self) {
            try store.importManifest(at: try SampleManifest.write(manifest, to: folder, name: "late.json")) { progress in
                // Staging is under way, between two of its transactions (some rows written, not all): the
                // staged table gets the trigger. By rows, not bytes: the reading thread may have read them all.
                guard point == .staging, progress.phase == .importing, progress.deliveries > 0,
                      progress.deliveries < manifest.count else { return }
                try? other.write { try $0.execute(sql: "DROP TRIGGER IF EXISTS refuse; " + refuse(StagedImport.staged("delivery"))) }
            }
        }
        try other.close()
        #expect(rows(try store.deliveries()) == before)
        #expect(try store.count() == 100)
        #expect(try store.search("late").count == 0)
        #expect(try store.search(deliveries[7].id).count == 1)
        #expect(try LongImportTests.leftoverTables(url) == [])
    }

    @Test func statusChangesPersistAcrossReopeningAndUndoGoesBackOneAtATime() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 20)
        do {
            let store = try DeliveryStore(url: url)
            try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
            let source = try store.deliveries()
            #expect(source.delivery(at: 5).status == deliveries[5].status)
            let change = try store.setStatus(.failed, forDeliveryID: deliveries[5].id)
            #expect(change == StatusChange(deliveryID: deliveries[5].id, row: 5, oldStatus: deliveries[5].status, newStatus: .failed))
            // The same source shows it at once.
            #expect(source.delivery(at: 5).status == .failed)
            try store.setStatus(.pending, forDeliveryID: deliveries[6].id)
            #expect(try store.setStatus(.pending, forDeliveryID: deliveries[6].id) == nil)
        }
        let reopened = try DeliveryStore(url: url)
        let source = try reopened.deliveries()
        #expect(source.delivery(at: 5).status == .failed)
        #expect(source.delivery(at: 6).status == .pending)
        let undone = try reopened.undoLastChange()
        #expect(undone == .undone(StatusChange(deliveryID: deliveries[6].id, row: 6, oldStatus: .pending, newStatus: deliveries[6].status)))
        #expect(source.delivery(at: 6).status == deliveries[6].status)
        #expect(try reopened.undoLastChange() == .undone(StatusChange(
            deliveryID: deliveries[5].id, row: 5, oldStatus: .failed, newStatus: deliveries[5].status)))
        #expect(try reopened.undoLastChange() == .nothingToUndo)
        #expect(rows(try DeliveryStore(url: url).deliveries()) == deliveries)
    }

    @Test func anUnknownIdIsAnError() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        do {
            try store.setStatus(.delivered, forDeliveryID: "nobody")
            Issue.record("set the status of an unknown delivery")
        } catch {
            #expect(error.kind == .unknownDelivery)
            #expect(error.exitCode == 65)
        }
    }

    @Test func anUnchangedManifestIsNotImportedTwice() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        let manifest = try SampleManifest.write(SampleManifest.deliveries(count: 10), to: folder)
        #expect(try store.importManifestIfChanged(at: manifest).performed)
        #expect(try store.importManifestIfChanged(at: manifest).performed == false)
        try SampleManifest.write(SampleManifest.deliveries(count: 12), to: folder)
        #expect(try store.importManifestIfChanged(at: manifest).added == 2)
        // The changed file's hash, read once before that import, is what the store now knows.
        #expect(try store.importManifestIfChanged(at: manifest).performed == false)
    }

    @Test func storesThatCannotBeCreatedOrReadSayWhy() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("not a database, just text that is long enough to have a header....................".utf8).write(to: file)
        do {
            _ = try DeliveryStore(url: file.appendingPathComponent("d.sqlite"))
            Issue.record("created a store under a file")
        } catch {
            #expect(error.kind == .cannotCreate)
            #expect(error.exitCode == 73)
        }
        do {
            _ = try DeliveryStore(url: file)
            Issue.record("opened a text file as a store")
        } catch {
            #expect(error.kind == .notAStore)
            #expect(error.exitCode == 65)
        }
    }

    @Test func aStoreMadeByTheFirstSchemaIsMigratedAndSearchable() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 50)
        let old = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator.migrate(old, upTo: "v1: deliveries, lengths, search, change log")
        try old.write { db in
            for (index, delivery) in deliveries.enumerated() {
                try db.execute(sql: """
                    INSERT INTO delivery(id, name, line1, line2, status, importedStatus, items) VALUES (?, ?, ?, ?, ?, ?, '[]')
                    """, arguments: [delivery.id, delivery.name, delivery.address.line1, delivery.address.line2,
                                     delivery.status.rawValue, delivery.status.rawValue])
                try db.execute(sql: "INSERT INTO delivery_length VALUES (?, 1, 1, 0)", arguments: [index + 1])
            }
        }
        try old.close()
        let store = try DeliveryStore(url: url)
        let found = try store.search("feng", status: .pending)
        let expected = deliveries.filter { $0.name.hasPrefix("Feng") && $0.status == .pending }
        #expect(found.count == expected.count)
        #expect(found.count > 0)
        #expect((0..<found.count).map { found.delivery(at: $0).id } == expected.map(\.id))
    }

    @Test func theDefaultStoreFollowsXDGDataHome() {
        #expect(StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/c"]).path
                == "/x/data/idelivermobile/deliveries.sqlite")
        #expect(StoreLocation.defaultURL(environment: ["HOME": "/home/c"]).path
                == "/home/c/.local/share/idelivermobile/deliveries.sqlite")
    }
}
