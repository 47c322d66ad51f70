import Foundation
import TestSupport
import Model
@testable import PostgresStore
import SeededRandom
import Store
import Testing

/// Every list the browser can ask for (search, filter, each sort order), the
/// export stream, the status counts and the late list, against the SQLite
/// store given the same manifest: the two stores must agree row for row.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresListingTests {
    /// Both stores holding the same deliveries, with one status changed after import in each.
    struct Pair: Sendable {
        let postgres: PostgresDeliveryStore
        let sqlite: DeliveryStore
        let deliveries: [Delivery]
    }

    /// One pair for the whole suite (no test changes it): importing it twice costs seconds.
    static let shared = Result { try pair() }

    /// Lists learn 100 positions per keyset step here (and exports fetch 100 rows at a time;
    /// searches finding more than 300 rows are learnt by keyset too), so that they are read
    /// across many steps; a typed word with more than 8 candidate words has every
    /// word looked at, so that both ways are compared; names and windows tie and differ only in case, so
    /// that ties straddle the steps.
    static func pair() throws -> Pair {
        let fixture = try PostgresFixture()
        var deliveries = PostgresFixture.deliveries(count: 1500, seed: 11)
        for index in stride(from: 5, to: deliveries.count, by: 7) {
            deliveries[index].name = ["anna Berg", "Anna berg", "ANNA BERG", "Ñandú Ortiz", "émile", "Zed"][index % 6]
            deliveries[index].window = [nil, "", "09:00-12:00", "9:00-10:00", "17:30-18:00"][index % 5]
        }
        // A space inside a grapheme cluster (after a prepended mark): a typed word can hold it, the word index cannot.
        deliveries[12].name = "Dana\u{0600} Kim"
        let manifest = try fixture.write(deliveries)
        let postgres = try fixture.open(rowsPerStep: 100, eagerLimit: 300, wordsLookedUpByKey: 8)
        try postgres.importManifest(at: manifest)
        let sqlite = try DeliveryStore(url: fixture.folder.appendingPathComponent("same.sqlite"))
        try sqlite.importManifest(at: manifest)
        for store in [postgres, sqlite] as [any DeliveryStoring] {
            try store.setStatus(.failed, forDeliveryID: deliveries[1000].id, by: .commandLine)
            try store.setStatus(.pending, forDeliveryID: deliveries[7].id, by: .commandLine)
        }
        return Pair(postgres: postgres, sqlite: sqlite, deliveries: deliveries)
    }

    private static func ids(_ source: any DeliverySource) -> [String] {
        (0..<source.count).map { source.delivery(at: $0).id }
    }

    @Test func everySortSearchAndFilterListsWhatSQLiteLists() throws {
        let pair = try Self.shared.get()
        let searches: [(String, StatusFilter)] = [
            ("", .all), ("", .delivered), ("street", .all), ("an", .pending), ("dlv-000 9", .all), ("zoe", .all), ("MÜLL", .all),
            ("世田谷", .all), ("αθηνα", .all), ("Церк", .all), ("strasse", .all), ("%_", .all), ("st, 1", .all), ("a e", .delivered),
            ("a\u{0600} k", .all), ("a\u{0600} k", .pending),
        ]
        // That search scans the folded texts; the others ask the word index.
        #expect(PostgresSearch(text: "a\u{0600} k", status: nil)?.scansText == true)
        #expect(PostgresSearch(text: "st, 1", status: nil)?.scansText == false)
        for order in DeliveryOrder.allCases {
            for (text, filter) in searches {
                let expected = Self.ids(try pair.sqlite.search(text, status: filter, sort: order))
                let listed = try pair.postgres.search(text, status: filter, sort: order)
                #expect(listed.count == expected.count, "\(order) \(text) \(filter)")
                #expect(Self.ids(listed) == expected, "\(order) '\(text)' \(filter)")
            }
        }
    }

    @Test func aSortedListIsReadFromTheEndFirstAsWell() throws {
        let pair = try Self.shared.get()
        for order in [DeliveryOrder.name, .window, .status] {
            let expected = Self.ids(try pair.sqlite.search("", status: .all, sort: order))
            // A jump to the last rows (G) before the first ones: the keyset learns its way there.
            let listed = try pair.postgres.search("", status: .all, sort: order)
            let tail = (listed.count - 70..<listed.count).map { listed.delivery(at: $0).id }
            #expect(tail == Array(expected.suffix(70)), "\(order)")
            let last = try #require(try pair.postgres.delivery(id: expected[expected.count - 1]))
            #expect(listed.textLengths(at: listed.count - 1) == TextLengths(of: last))
        }
        // From the end upwards, a page at a time, filtered too: the rows learnt backwards
        // meet those learnt from the start (the first page, read first) without a seam.
        for order in DeliveryOrder.allCases {
            for filter in [StatusFilter.all, .pending] {
                let expected = Self.ids(try pair.sqlite.search("", status: filter, sort: order))
                let listed = try pair.postgres.search("", status: filter, sort: order)
                _ = listed.delivery(at: 0)
                var upwards: [String] = []
                for row in (0..<listed.count).reversed() { upwards.append(listed.delivery(at: row).id) }
                #expect(Array(upwards.reversed()) == expected, "\(order) \(filter)")
            }
        }
    }

    @Test func theSelectedDeliveryKeepsItsPlaceInEveryOrder() throws {
        let pair = try Self.shared.get()
        for order in DeliveryOrder.allCases {
            let listed = try pair.postgres.search("", status: .pending, sort: order)
            let ids = Self.ids(listed)
            for row in [0, 1, ids.count / 2, ids.count - 1] {
                #expect(listed.row(nearestTo: ids[row]) == row, "\(order) row \(row)")
            }
            // One the list does not hold: where SQLite puts it, by position in manifest order.
            let delivered = try #require(pair.deliveries.first { $0.status == .delivered })
            let sqliteList = try pair.sqlite.search("", status: .pending, sort: .manifest)
            if order == .manifest {
                #expect(listed.row(nearestTo: delivered.id) == sqliteList.row(nearestTo: delivered.id))
            } else {
                let nearest = try #require(listed.row(nearestTo: delivered.id))
                #expect((0..<ids.count).contains(nearest))
            }
        }
        // A search (all its rows known from the word index), sorted: one it does not hold goes
        // where it would be, after the found rows that sort before it.
        for order in [DeliveryOrder.name, .window, .status] {
            let everyRow = Self.ids(try pair.postgres.search("", status: .all, sort: order))
            let rank = Dictionary(uniqueKeysWithValues: everyRow.enumerated().map { ($1, $0) })
            for filter in [StatusFilter.all, .pending] {
                let listed = try pair.postgres.search("street", status: filter, sort: order)
                let ids = Self.ids(listed)
                let missing = try #require(pair.deliveries.first { !ids.contains($0.id) })
                let before = ids.filter { (rank[$0] ?? 0) < (rank[missing.id] ?? 0) }.count
                #expect(listed.row(nearestTo: missing.id) == min(before, ids.count - 1), "\(order) \(filter)")
            }
        }
    }

    /// A sort keeps the selected delivery, deep in the list. In status order
    /// its rows and those around it are learnt outwards from it, not from
    /// either end, and read on past steps either way, then from the start; a
    /// text order is read whole at once. Either way as SQLite lists them.
    @Test func aSortedListKeepingADeliveryFarFromItsEndsLearnsItsRowsFromThatDelivery() throws {
        let pair = try Self.shared.get()
        // A store of its own: one that keeps an order (another test's big search) knows every position at once.
        let store = try PostgresDeliveryStore(location: pair.postgres.link.location, client: nil, rowsPerStep: 100, eagerLimit: 300)
        defer { store.close() }
        for order in [DeliveryOrder.name, .window, .status] {
            let expected = Self.ids(try pair.sqlite.search("", status: .all, sort: order))
            let listed = try store.search("", status: .all, sort: order)
            #expect(listed.row(nearestTo: expected[900]) == 900, "\(order)")
            let around = Array(650..<1150)
            #expect(around.reversed().map { listed.delivery(at: $0).id } == around.reversed().map { expected[$0] }, "\(order)")
            #expect(listed.positionsLearntFromEnds == (order == .status ? 0 : expected.count), "\(order)")
            #expect((0..<expected.count).map { listed.delivery(at: $0).id } == expected, "\(order)")
        }
    }

    /// From any kept delivery, rows read in any order (pages near it, far
    /// from it, before and after it, across steps) are SQLite's rows there.
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func rowsReadInAnyOrderFromAnyKeptDeliveryAreSQLitesRows(seed: UInt64) throws {
        let pair = try Self.shared.get()
        let store = try PostgresDeliveryStore(location: pair.postgres.link.location, client: nil, rowsPerStep: 100, eagerLimit: 300)
        defer { store.close() }
        var random = SplitMix64(seed: seed)
        let order = [DeliveryOrder.name, .window, .status][Int.random(in: 0..<3, using: &random)]
        let expected = Self.ids(try pair.sqlite.search("", status: .all, sort: order))
        let listed = try store.search("", status: .all, sort: order)
        let kept = Int.random(in: 0..<expected.count, using: &random)
        #expect(listed.row(nearestTo: expected[kept]) == kept, "seed \(seed) \(order)")
        for _ in 0..<16 {
            // Mostly near the kept row (a screen or a step away), sometimes anywhere.
            let row = Bool.random(using: &random)
                ? min(expected.count - 1, max(0, kept + Int.random(in: -350...350, using: &random)))
                : Int.random(in: 0..<expected.count, using: &random)
            #expect(listed.delivery(at: row).id == expected[row], "seed \(seed) \(order) kept \(kept) row \(row)")
        }
    }

    /// Where a kept delivery is in a new list is read once: the worker that
    /// read the list asks, then the screen, which finds the answer kept
    /// (here with the connection closed in between).
    @Test func whereAKeptDeliveryIsIsReadOnceForTheWorkerAndTheScreen() throws {
        let fixture = try PostgresFixture()
        let deliveries = PostgresFixture.deliveries(count: 300, seed: 5)
        let store = try fixture.open()
        try store.importManifest(at: try fixture.write(deliveries))
        let listed = try store.search("", status: .all, sort: .name)
        let kept = deliveries[150].id
        let row = try #require(listed.row(nearestTo: kept))
        #expect(listed.delivery(at: row).id == kept)
        store.close()
        #expect(listed.row(nearestTo: kept) == row)
        #expect(listed.row(nearestTo: deliveries[10].id) == nil)
    }

    /// The sample that calibrates row heights, read in one go where the
    /// rows' positions are known, is the rows and lengths read a page at a
    /// time, and SQLite's; where they are not yet known it is read by pages.
    @Test func aSampleOfRowsReadTogetherIsWhatThePagesAndSQLiteHold() throws {
        let pair = try Self.shared.get()
        for (text, filter, sort) in [("", StatusFilter.all, DeliveryOrder.manifest), ("road", .all, .manifest), ("an", .all, .name),
                                     ("", .failed, .window), ("", .all, .name)] {
            let postgres = try pair.postgres.search(text, status: filter, sort: sort)
            let sqlite = try pair.sqlite.search(text, status: filter, sort: sort)
            #expect(postgres.count == sqlite.count && postgres.count > 0, "'\(text)' \(filter) \(sort)")
            let sample = Array(Set(stride(from: 0, to: postgres.count, by: max(1, postgres.count / 40)).map { $0 } + [postgres.count - 1]))
                .sorted().reversed().map { $0 }
            let together = postgres.deliveriesWithLengths(at: sample)
            #expect(together.map(\.delivery) == sample.map { postgres.delivery(at: $0) }, "'\(text)' \(filter) \(sort)")
            #expect(together.map(\.lengths) == sample.map { postgres.textLengths(at: $0) }, "'\(text)' \(filter) \(sort)")
            #expect(together.map(\.delivery) == sqlite.deliveriesWithLengths(at: sample).map(\.delivery), "'\(text)' \(filter) \(sort)")
            #expect(together.map(\.lengths) == sqlite.deliveriesWithLengths(at: sample).map(\.lengths), "'\(text)' \(filter) \(sort)")
        }
    }

    @Test func exportStreamsCountsAndLateDeliveriesAgreeWithSQLite() throws {
        let pair = try Self.shared.get()
        for (text, filter) in [("", StatusFilter.all), ("road", .all), ("", .failed), ("1 an", .outForDelivery)] {
            var fromPostgres: [Delivery] = []
            try pair.postgres.forEachDelivery(matching: text, status: filter) { fromPostgres.append($0) }
            var fromSQLite: [Delivery] = []
            try pair.sqlite.forEachDelivery(matching: text, status: filter) { fromSQLite.append($0) }
            #expect(fromPostgres == fromSQLite, "'\(text)' \(filter)")
            #expect(try pair.postgres.statusCounts(matching: text) == pair.sqlite.statusCounts(matching: text), "'\(text)'")
        }
        for now in ["08:45", "12:30", "23:59"].compactMap(TimeOfDay.init) {
            #expect(try pair.postgres.lateDeliveries(at: now) == pair.sqlite.lateDeliveries(at: now))
        }
    }

    @Test func anErrorOfTheExportBodyStopsTheStreamAndComesOutUnchanged() throws {
        let pair = try Self.shared.get()
        struct ClosedPipe: Error {}
        var seen = 0
        #expect(throws: ClosedPipe.self) {
            try pair.postgres.forEachDelivery(matching: "", status: .all) { _ in
                seen += 1
                if seen == 1100 { throw ClosedPipe() }
            }
        }
        #expect(seen == 1100)
        // The connection is usable afterwards: the stream's transaction was closed.
        #expect(try pair.postgres.count() == 1500)
    }
}
