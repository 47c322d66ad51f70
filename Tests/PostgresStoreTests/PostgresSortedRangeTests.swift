import Foundation
import TestSupport
import Model
@testable import PostgresStore
import PostgresNIO
import Store
import Testing

/// Sorted lists, filtered by status or not, against the same lists worked out
/// in Swift from the generated deliveries (the order `PostgresSearch.sortKey`
/// defines), read forwards and backwards (by keyset in status order, from
/// the whole order in a text order) and asked where rows are; and the plans
/// of the keyset's reads: each status's range read in status-index order,
/// never every row sorted.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresSortedRangeTests {
    struct Loaded: Sendable {
        let store: PostgresDeliveryStore
        let deliveries: [Delivery]
    }

    static let shared = Result { try load() }

    /// 1300 deliveries, learnt 50 positions per keyset step: names and windows tie
    /// (and differ only in case) across the steps and across the statuses.
    static func load() throws -> Loaded {
        let fixture = try PostgresFixture()
        var deliveries = PostgresFixture.deliveries(count: 1300, seed: 23)
        for index in stride(from: 3, to: deliveries.count, by: 5) {
            deliveries[index].name = ["Kim Lee", "kim lee", "KIM LEE", "Ölund", "émile", "Zed", "a"][index % 7]
            // Windows as a store keeps them (an import writes "9:00-10:00" as "09:00-10:00").
            deliveries[index].window = [nil, "", "09:00-12:00", "All day", "17:30-18:00", "09:00-12:00"][index % 6]
        }
        let manifest = try fixture.write(deliveries)
        let store = try fixture.open(rowsPerStep: 50, eagerLimit: 120)
        try store.importManifest(at: manifest)
        // Changed after import: the status index and the lists follow the status.
        for index in [4, 9, 600] {
            try store.setStatus(.failed, forDeliveryID: deliveries[index].id)
            deliveries[index].status = .failed
        }
        // As autovacuum leaves a table some time after an import: the plans are those a settled store gets.
        _ = try store.link.rows("VACUUM ANALYZE delivery")
        return Loaded(store: store, deliveries: deliveries)
    }

    /// The list's ids worked out in Swift: `lower` under "C" folds ASCII only, compared byte by byte;
    /// no window last, and of those, none before an empty one; ties by position.
    static func expected(_ deliveries: [Delivery], status: DeliveryStatus?, order: DeliveryOrder) -> [String] {
        func folded(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
        let rank = Dictionary(uniqueKeysWithValues: DeliveryStatus.allCases.enumerated().map { ($1, $0) })
        let kept = deliveries.indices.filter { status == nil || deliveries[$0].status == status }
        let sorted = kept.sorted { a, b in
            let (x, y) = (deliveries[a], deliveries[b])
            switch order {
            case .manifest:
                break
            case .name:
                if folded(x.name) != folded(y.name) { return folded(x.name).lexicographicallyPrecedes(folded(y.name)) }
            case .status:
                if rank[x.status] != rank[y.status] { return rank[x.status] ?? 0 < rank[y.status] ?? 0 }
            case .window:
                func key(_ window: String?) -> (Int, Int, [UInt8]) {
                    (window?.isEmpty ?? true ? 1 : 0, window == nil ? 0 : 1, Array((window ?? "").utf8))
                }
                let (p, q) = (key(x.window), key(y.window))
                if p.0 != q.0 { return p.0 < q.0 }
                if p.1 != q.1 { return p.1 < q.1 }
                if p.2 != q.2 { return p.2.lexicographicallyPrecedes(q.2) }
            }
            return a < b
        }
        return sorted.map { deliveries[$0].id }
    }

    @Test func everySortedListFilteredOrNotIsTheOrderWorkedOutInSwift() throws {
        let loaded = try Self.shared.get()
        for order in [DeliveryOrder.name, .window, .status] {
            for status in [nil] + DeliveryStatus.allCases {
                let expected = Self.expected(loaded.deliveries, status: status, order: order)
                let filter = status.flatMap { StatusFilter(rawValue: $0.rawValue) } ?? .all
                // From the start, step by step.
                let listed = try loaded.store.search("", status: filter, sort: order)
                #expect(PostgresFixture.rows(listed).map(\.id) == expected, "\(order) \(String(describing: status))")
                // From the end upwards, a fresh list, learnt backwards.
                let fromEnd = try loaded.store.search("", status: filter, sort: order)
                let upwards = (0..<fromEnd.count).reversed().map { fromEnd.delivery(at: $0).id }
                #expect(Array(upwards.reversed()) == expected, "\(order) \(String(describing: status)) from the end")
                // Where rows are, each asked of a list that has learnt nothing yet (counted by the server).
                for row in Set([0, 1, expected.count / 3, expected.count / 2, expected.count - 1]) {
                    let fresh = try loaded.store.search("", status: filter, sort: order)
                    #expect(fresh.row(nearestTo: expected[row]) == row, "\(order) \(String(describing: status)) row \(row)")
                }
            }
        }
    }

    @Test func aSortedStepIsARangeOfEachStatusInIndexOrder() throws {
        let loaded = try Self.shared.get()
        let anchor = Int32(loaded.deliveries.count / 2)
        // The text orders have no index of their own (schema v14): their lists are read whole.
        for order in [DeliveryOrder.status] {
            for status in [nil, DeliveryStatus.failed] {
                guard let search = PostgresSearch(text: "", status: status?.rawValue, order: order) else { continue }
                for query in [
                    search.positions(after: 0, limit: 50), search.positions(after: anchor, limit: 50),
                    search.positions(after: anchor, limit: 50, backwards: true), search.rowsBefore(position: anchor),
                ] {
                    let plan = try Self.plan(query, loaded.store)
                    let context = "\(order) \(String(describing: status)): \(plan)"
                    #expect(!plan.contains("Seq Scan"), "\(context)")
                    // The status picks the range: an index condition, never a filter over rows read.
                    // (The status itself, or its rank, which the status index begins with.)
                    let conditions = plan.split(separator: "\n").filter { $0.contains("Index Cond:") && !$0.contains("\"position\" = ") }
                    #expect(!conditions.isEmpty && conditions.allSatisfy { $0.contains("status") }, "\(context)")
                    #expect(!plan.split(separator: "\n").contains { $0.contains("Filter:") && $0.contains("status") }, "\(context)")
                    // Only the statuses' first rows are sorted (their merge), never a scan's.
                    #expect(Self.sortedInputs(plan).allSatisfy { $0.contains("Append") }, "\(context)")
                }
            }
        }
    }

    /// The node under each Sort node of `plan` (EXPLAIN's text).
    static func sortedInputs(_ plan: String) -> [String] {
        let lines = plan.split(separator: "\n").map(String.init)
        return lines.indices.filter { lines[$0].contains("Sort  (") }.map { sort in
            lines[(sort + 1)...].first { $0.contains("->") } ?? ""
        }
    }

    /// The server's plan for `query`, sorts and whole-table scans made as dear as they can be.
    static func plan(_ query: PostgresQuery, _ store: PostgresDeliveryStore) throws -> String {
        try store.link.transaction { connection in
            _ = try store.link.rows("SET LOCAL enable_sort = off", on: connection)
            _ = try store.link.rows("SET LOCAL enable_seqscan = off", on: connection)
            _ = try store.link.rows("SET LOCAL enable_bitmapscan = off", on: connection)
            return try store.link.rows(PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds), on: connection)
                .map { try $0.decode(String.self) }.joined(separator: "\n")
        }
    }
}
