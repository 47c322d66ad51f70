import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// The sort orders read from their indexes (schema v12, `IndexedOrder`)
/// against the order SQLite sorts the rows to with the store's own ORDER BY
/// (`StoreOrdering.sql`, the order as the app defines it): after an
/// import, status changes, a sync's rows in a replica, and in a store made
/// before v12 once it is opened.
@Suite struct IndexedOrderTests {
    /// Names that NOCASE and a locale-aware or Unicode case fold would put
    /// in different orders (accents, ß, scripts without case, emoji,
    /// punctuation between the cases), and windows missing, empty and tied.
    static let names = [
        "alice", "Alice", "ALICE", "Émile", "émile", "Emile", "Zoë", "zoe", "Zoe", "Ärger", "ärger", "Arger",
        "Straße", "STRASSE", "東京 太郎", "สมชาย ใจดี", "🙂 Smile", "_under", "[bracket]", "bob", "Bob 2", "ı dotless", "İ dotted",
    ]
    static let windows: [String?] = [nil, "09:00-12:00", "", "08:00-10:00", "09:00-12:00", nil, "13:00-17:00"]

    static func deliveries(count: Int) -> [Delivery] {
        SampleManifest.deliveries(count: count).enumerated().map { index, delivery in
            var copy = delivery
            copy.name = names[(index * 7) % names.count]
            copy.window = windows[(index * 5) % windows.count]
            return copy
        }
    }

    /// The ids in `order` as SQLite sorts every row (or a status's) by the store's ORDER BY.
    static func sortedBySQL(_ order: DeliveryOrder, status: DeliveryStatus? = nil, _ db: Database) throws -> [String] {
        let keep = status.map { "WHERE status = '\($0.rawValue)'" } ?? ""
        return try String.fetchAll(db, sql: "SELECT id FROM delivery \(keep) ORDER BY \(StoreOrdering.sql(order))")
    }

    /// The indexes of `delivery` as key columns and collations: v12's are
    /// `name NOCASE` and `window BINARY`, whatever an import named them.
    static func indexKeys(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: """
            SELECT group_concat(x.name || ' ' || x.coll, ', ') FROM pragma_index_list('delivery') l,
                pragma_index_xinfo(l.name) x WHERE x.key = 1 GROUP BY l.name
            """))
    }

    private func ids(_ found: StoredDeliveries) -> [String] {
        (0 ..< found.count).map { found.delivery(at: $0).id }
    }

    /// Every order, of every row and of each status's rows, as SQLite sorts it now.
    private func expectSortedAsSQLSorts(_ store: DeliveryStore, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try store.database.pool.read(Self.indexKeys).isSuperset(of: ["name NOCASE", "window BINARY"]), "\(note)",
                sourceLocation: sourceLocation)
        for order in DeliveryOrder.allCases where order != .manifest {
            let expected = try store.database.pool.read { try Self.sortedBySQL(order, $0) }
            #expect(ids(try store.search("", sort: order)) == expected, "\(note): \(order)", sourceLocation: sourceLocation)
            for status in DeliveryStatus.allCases {
                let expected = try store.database.pool.read { try Self.sortedBySQL(order, status: status, $0) }
                #expect(ids(try store.search("", status: try #require(StatusFilter(rawValue: status.rawValue)), sort: order)) == expected,
                        "\(note): \(order), \(status)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aListsStorePlacesAreEachRowsPlaceSoASortMovesHeightsWithTheirRows() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = Self.deliveries(count: 300)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let all = try store.deliveries()
        let places = try #require(all.storePlaces)
        #expect(places == (1 ... 300).map { Int32($0) })
        let idAt = Dictionary(uniqueKeysWithValues: zip(places, ids(all)))
        for order in DeliveryOrder.allCases where order != .manifest {
            let sorted = try store.search("", sort: order)
            let sortedPlaces = try #require(sorted.storePlaces, "\(order)")
            #expect(sortedPlaces.map { idAt[$0] } == ids(sorted), "\(order): each place names the row listed there")
        }
    }

    @Test func afterAnImportStatusChangesAndAnotherImportEveryOrderIsTheOneSQLiteSortsTo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        // More rows than a direct import takes: the staged tables copy the live ones' indexes.
        var deliveries = Self.deliveries(count: DeliveryImporter.directImportLimit * 3)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        // The empty windows as a store may hold them: '' beside NULL.
        #expect(try store.database.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM delivery WHERE window = ''") } ?? 0 > 0)
        try expectSortedAsSQLSorts(store, "imported")

        for index in [0, 5, 77, 150, 299] {
            try store.setStatus(.failed, forDeliveryID: deliveries[index].id)
        }
        try expectSortedAsSQLSorts(store, "statuses changed")

        // A small import (straight into the live tables) renames and moves rows.
        for index in [3, 9, 260] {
            deliveries[index].name = "Aaron \(index)"
            deliveries[index].window = "06:00-07:00"
        }
        try store.importManifest(at: try SampleManifest.write(Array(deliveries.prefix(DeliveryImporter.directImportLimit)), to: folder, name: "few.json"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder, name: "all.json"))
        try expectSortedAsSQLSorts(store, "renamed by imports")
        // NOCASE: "Aaron 260" before "Aaron 3", and after "[bracket]" and "_under" (a lowercase letter's byte is higher).
        let byName = ids(try store.search("", sort: .name))
        let first = try #require(byName.firstIndex(of: "DLV-00261"))
        #expect(first > 0 && byName[first ..< first + 3] == ["DLV-00261", "DLV-00004", "DLV-00010"])
    }

    @Test func aReplicaKeepsEveryOrderThroughTheHubsRows() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = Self.deliveries(count: 120)
        let store = try DeliveryStore(url: folder.appendingPathComponent("replica.sqlite"))
        try store.becomeReplica(of: "hub-1", address: "postgresql:///team")
        try store.applyFeed(deliveries.map { FeedRow(delivery: $0, changedBy: nil, changedByClient: nil, changedAt: nil) }, upTo: 10)
        try expectSortedAsSQLSorts(store, "first rows from the hub")
        #expect(ids(try store.search("", sort: .name)).count == deliveries.count)

        // The hub's changes: a rename, a new window, statuses, a new delivery.
        deliveries[4].name = "aardvark"
        deliveries[8].window = "05:00-06:00"
        deliveries[9].status = .delivered
        deliveries[10].status = .outForDelivery
        var added = deliveries[0]
        added.id = "NEW-1"
        added.name = "AAA first"
        let changed = [deliveries[4], deliveries[8], deliveries[9], deliveries[10], added]
        try store.applyFeed(changed.map { FeedRow(delivery: $0, changedBy: "dispatch", changedByClient: "c", changedAt: Date()) }, upTo: 20)
        try expectSortedAsSQLSorts(store, "the hub's changes")
        let byName = ids(try store.search("", sort: .name))
        let first = try #require(byName.firstIndex(of: "NEW-1"))
        #expect(byName[first + 1] == deliveries[4].id, "AAA first, then aardvark")
        #expect(ids(try store.search("", sort: .window)).first == deliveries[8].id)
    }

    /// A store as v11 (today's main before these indexes) left it, with its
    /// rows: opened, it gains the indexes and sorts as v11 sorted it.
    @Test func aStoreFromV11GainsTheIndexesAndSortsAsBefore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("v11.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: StoreSchema.foldFunction) }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v11: replica of a team hub: sync state, outbox, conflicts")
        let deliveries = Self.deliveries(count: 90)
        var before: [DeliveryOrder: [String]] = [:]
        try queue.write { db in
            #expect(try Self.indexKeys(db).isDisjoint(with: ["name NOCASE", "window BINARY"]))
            for (index, delivery) in deliveries.enumerated() {
                try db.execute(sql: """
                    INSERT INTO delivery(id, name, line1, status, importedStatus, items, window) VALUES (?, ?, 'Street 1', ?, ?, '[]', ?)
                    """, arguments: [delivery.id, delivery.name, delivery.status.rawValue, delivery.status.rawValue, delivery.window])
                try db.execute(sql: "INSERT INTO delivery_length VALUES (?, 1, 1, 0)", arguments: [index + 1])
            }
            for order in DeliveryOrder.allCases { before[order] = try Self.sortedBySQL(order, db) }
        }
        try queue.close()

        let store = try DeliveryStore(url: url)
        #expect(try store.database.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == StoreSchema.version)
        try expectSortedAsSQLSorts(store, "migrated")
        for order in DeliveryOrder.allCases where order != .manifest {
            #expect(ids(try store.search("", sort: order)) == before[order], "as v11 sorted it: \(order)")
        }
    }

    /// Read ahead (as the browser does at start), the orders are kept; a
    /// status change here makes the kept status order stale, not the text orders.
    @Test func ordersReadAheadAreKeptAndAStatusChangeReachesTheStatusOrder() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = Self.deliveries(count: 150)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try store.readSortOrdersAhead()
        let kept = store.finder.keptTextOrders
        #expect(kept.whole(.name)?.count == deliveries.count && kept.whole(.window)?.count == deliveries.count)
        try expectSortedAsSQLSorts(store, "read ahead")

        let pending = try #require(deliveries.first { $0.status == .pending })
        let byStatus = ids(try store.search("", sort: .status))
        #expect(byStatus.firstIndex(of: pending.id) ?? .max < deliveries.count / 2)
        try store.setStatus(.failed, forDeliveryID: pending.id)
        // Now the first of the failed run, which comes last (its position is the lowest of them).
        let failed = deliveries.filter { $0.status == .failed }.count + 1
        #expect(ids(try store.search("", sort: .status)).firstIndex(of: pending.id) == deliveries.count - failed)
        try expectSortedAsSQLSorts(store, "a status changed after the read ahead")
        #expect(kept.whole(.name) != nil, "no text order depends on a status")
    }
}
