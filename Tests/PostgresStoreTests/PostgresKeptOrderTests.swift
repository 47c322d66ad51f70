import Foundation
import TestSupport
import Model
@testable import PostgresStore
import Store
import Testing

/// A search that finds many rows is filtered and sorted here, from each
/// status's positions and each text order's whole list, kept until the rows
/// change; a few are sorted by the server. Either way the list is SQLite's,
/// through status changes here and an import announced from elsewhere.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresKeptOrderTests {
    private static func ids(_ source: any DeliverySource) -> [String] {
        (0..<source.count).map { source.delivery(at: $0).id }
    }

    @Test func manyFoundRowsArePutInOrderHereFromWhatIsKeptUntilTheRowsChange() throws {
        let fixture = try PostgresFixture()
        // More than 10 found rows are put in order here (statuses); an eighth of the rows reads a text order whole.
        let store = try fixture.open(rowsPerStep: 100, eagerLimit: 300, positionsCountedByTheServer: 10)
        var deliveries = PostgresFixture.deliveries(count: 800, seed: 31)
        for index in stride(from: 3, to: deliveries.count, by: 5) {
            deliveries[index].name = ["anna Berg", "Anna berg", "Émile Zola", "zed Quay"][index % 4]
            deliveries[index].window = [nil, "", "09:00-12:00", "17:30-18:00"][index % 4]
        }
        let manifest = try fixture.write(deliveries)
        try store.importManifest(at: manifest)
        let sqlite = try DeliveryStore(url: fixture.folder.appendingPathComponent("same.sqlite"))
        try sqlite.importManifest(at: manifest)

        func agree(_ text: String, _ note: String) throws {
            for order in DeliveryOrder.allCases {
                for filter in [StatusFilter.all, .pending, .failed] {
                    let expected = Self.ids(try sqlite.search(text, status: filter, sort: order))
                    #expect(Self.ids(try store.search(text, status: filter, sort: order)) == expected, "\(note) \(order) '\(text)' \(filter)")
                }
            }
        }
        // Few rows, before any order is kept: the server sorts them.
        #expect(try store.search("zola", status: .all, sort: .name).count * KeptTextOrders.wholeOrderShare < deliveries.count)
        try agree("zola", "few")
        #expect(store.keptTextOrders.whole(.name) == nil && store.keptTextOrders.whole(.window) == nil)
        // Many: each text order is read whole once, and kept; then few are put in order from it too.
        #expect(try store.search("a", status: .all, sort: .manifest).count * KeptTextOrders.wholeOrderShare >= deliveries.count)
        try agree("a", "many")
        #expect(store.keptTextOrders.whole(.name)?.count == deliveries.count && store.keptTextOrders.whole(.window)?.count == deliveries.count)
        // A sort of every row then knows every position at once.
        for order in [DeliveryOrder.name, .window, .status] {
            let sorted = try store.search("", status: .all, sort: order)
            #expect(sorted.cheaplyReadableRows == sorted.count, "\(order)")
        }
        try agree("", "every row, kept")
        // A delivery a sorted search does not hold goes where it would be, worked out from the kept order.
        for order in [DeliveryOrder.name, .window, .status] {
            let rank = Dictionary(uniqueKeysWithValues: Self.ids(try sqlite.search("", status: .all, sort: order)).enumerated().map { ($1, $0) })
            let listed = try store.search("a", status: .pending, sort: order)
            let ids = Self.ids(listed)
            let missing = try #require(deliveries.first { !ids.contains($0.id) && (rank[$0.id] ?? 0) > 100 })
            let before = ids.filter { (rank[$0] ?? 0) < (rank[missing.id] ?? 0) }.count
            #expect(listed.row(nearestTo: missing.id) == min(before, ids.count - 1), "\(order)")
            // That from the kept order, not from the server: positions are manifest places from 1.
            let place = Dictionary(uniqueKeysWithValues: deliveries.enumerated().map { ($1.id, Int32($0 + 1)) })
            let positions = ids.compactMap { place[$0] }
            #expect(store.rowsBefore(try #require(place[missing.id]), among: positions, in: order) == before, "\(order)")
        }
        try agree("zola", "few, kept")
        try agree("berg", "few, kept")

        // A status changed here: the statuses are read again, the text orders kept.
        let kept = store.keptTextOrders.whole(.name)
        for index in [3, 8, 100, 501] {
            for changing in [store, sqlite] as [any DeliveryStoring] { try changing.setStatus(.failed, forDeliveryID: deliveries[index].id, by: .commandLine) }
        }
        try agree("a", "after status changes")
        try agree("", "every row after status changes")
        #expect(store.keptTextOrders.whole(.name) == kept)

        // Names changed by an import elsewhere: once announced and refreshed, the text orders are read again.
        for index in [0, 13, 400, 799] { deliveries[index].name = "Aaron Quay \(index)" }
        let renamed = try fixture.write(deliveries, name: "renamed.json")
        try fixture.open().importManifest(at: renamed)
        try sqlite.importManifest(at: renamed)
        var refreshed = false
        for _ in 0..<200 where !refreshed {
            refreshed = try store.refreshIfChangedElsewhere()
            if !refreshed { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(refreshed)
        #expect(store.keptTextOrders.whole(.name) == nil)
        try agree("a", "after an import elsewhere")
        try agree("quay", "after an import elsewhere")
        try agree("", "every row after an import elsewhere")
    }
}
