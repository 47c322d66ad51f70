import Foundation
import Model
import Testing
@testable import Store

/// Sorted listings against Swift's own sort, and keeping the user's place.
@Suite struct SortAndPlaceTests {
    private func rows(_ source: some DeliverySource) -> [Delivery] {
        (0..<source.count).map(source.delivery(at:))
    }

    /// The brute-force order for each `DeliveryOrder`, position breaking ties.
    private static func sorted(_ deliveries: [Delivery], by order: DeliveryOrder) -> [Delivery] {
        let indexed = Array(deliveries.enumerated())
        func key(_ delivery: Delivery) -> [String] {
            switch order {
            case .manifest: return []
            case .window: return [(delivery.window ?? "").isEmpty ? "1" : "0", delivery.window ?? ""]
            case .name: return [delivery.name.lowercased()]
            case .status: return ["\(DeliveryStatus.allCases.firstIndex(of: delivery.status) ?? 0)"]
            }
        }
        return indexed.sorted { a, b in
            let (ka, kb) = (key(a.element), key(b.element))
            return ka != kb ? ka.lexicographicallyPrecedes(kb) : a.offset < b.offset
        }.map(\.element)
    }

    /// Sample deliveries with ASCII names that tie and differ in case, so
    /// SQLite's NOCASE and Swift's lowercasing agree.
    private static func namedDeliveries(count: Int) -> [Delivery] {
        SampleManifest.deliveries(count: count).enumerated().map { index, delivery in
            var copy = delivery
            copy.name = ["bob", "Alice", "carol", "Dave"][(index * 7) % 4] + " \(index % 13)"
            return copy
        }
    }

    @Test(arguments: DeliveryOrder.allCases)
    func sortedListsMatchABruteForceSort(order: DeliveryOrder) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = Self.namedDeliveries(count: 300)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        #expect(rows(try store.search("", sort: order)) == Self.sorted(deliveries, by: order))
        let pending = deliveries.filter { $0.status == .pending }
        #expect(rows(try store.search("", status: .pending, sort: order)) == Self.sorted(pending, by: order))
    }

    /// A text order read whole (by a sort of every row, or by a search that
    /// finds an eighth of the rows) is kept and puts later searches in that
    /// order, through status changes here, until an import here or elsewhere.
    @Test func aTextOrderReadWholeIsKeptUntilTheTextsChange() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = Self.namedDeliveries(count: 400)
        let url = folder.appendingPathComponent("d.sqlite")
        let store = try DeliveryStore(url: url)
        let manifest = try SampleManifest.write(deliveries, to: folder)
        try store.importManifest(at: manifest)
        func agree(_ text: String, _ note: String) throws {
            for order in [DeliveryOrder.name, .window] {
                for filter in [StatusFilter.all, .pending] {
                    // Which rows: the search in manifest order; their order: Swift's sort.
                    let found = Set(rows(try store.search(text, status: filter)).map(\.id))
                    let expected = Self.sorted(deliveries.filter { found.contains($0.id) }, by: order)
                    #expect(rows(try store.search(text, status: filter, sort: order)) == expected, "\(note) \(order) '\(text)' \(filter)")
                }
            }
        }
        let kept = store.finder.keptTextOrders
        try agree("dlv-00042", "few, nothing kept")
        #expect(kept.whole(.name) == nil && kept.whole(.window) == nil)
        try agree("", "every row")
        #expect(kept.whole(.name)?.count == deliveries.count && kept.whole(.window)?.count == deliveries.count)
        try agree("alice", "many, kept")
        try agree("dlv-00042", "few, kept")

        // Statuses changed here: the text orders stay.
        let name = kept.whole(.name)
        for index in [1, 42, 200, 399] {
            try store.setStatus(.pending, forDeliveryID: deliveries[index].id)
            deliveries[index].status = .pending
        }
        #expect(kept.whole(.name) == name)
        try agree("alice", "after status changes")
        // The same manifest opened again is skipped as unchanged: nothing was imported, the orders stay.
        #expect(try store.importManifestIfChanged(at: manifest).performed == false)
        #expect(kept.whole(.name) == name)

        // Renamed by an import elsewhere: once refreshed (as the browser does now and then), read again.
        _ = try store.refreshIfChangedElsewhere()
        for index in [0, 7, 250] { deliveries[index].name = "Aaron \(index)" }
        try DeliveryStore(url: url).importManifest(at: try SampleManifest.write(deliveries, to: folder))
        #expect(try store.refreshIfChangedElsewhere())
        #expect(kept.whole(.name) == nil)
        try agree("", "after an import elsewhere")
        try agree("aaron", "after an import elsewhere")

        // Rows added elsewhere and not yet refreshed: a kept order of fewer rows is read again.
        try agree("alice", "kept again")
        deliveries += SampleManifest.deliveries(count: 410).suffix(10).map { delivery in
            var copy = delivery
            copy.id = "NEW-" + delivery.id
            copy.name = "Alice " + delivery.id
            return copy
        }
        try DeliveryStore(url: url).importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try agree("alice", "after rows added elsewhere")
    }

    @Test func theSelectedDeliveryIsFoundInANewListOrTheNearestOneByPosition() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 200)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))

        let all = try store.deliveries()
        #expect(all.row(nearestTo: "DLV-00042") == 41)
        let pending = try store.search("", status: .pending)
        // Listed: found exactly.
        let listed = deliveries.filter { $0.status == .pending }
        for delivery in listed.prefix(20) {
            #expect(pending.row(nearestTo: delivery.id).map { pending.delivery(at: $0).id } == delivery.id)
        }
        // Not listed: the next listed one after it by position.
        let missing = try #require(deliveries.dropFirst(5).first { $0.status != .pending })
        let index = try #require(deliveries.firstIndex(of: missing))
        let next = try #require(deliveries[index...].first { $0.status == .pending })
        #expect(pending.row(nearestTo: missing.id).map { pending.delivery(at: $0).id } == next.id)

        let byName = try store.search("", sort: .name)
        let row = try #require(byName.row(nearestTo: "DLV-00007"))
        #expect(byName.delivery(at: row).id == "DLV-00007")
        #expect(all.row(nearestTo: "NOPE") == nil)
    }
}

@Suite struct StoreCountsTests {
    @Test func countsPerStatusMatchABruteForceCountForSearchesToo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 400)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        #expect(try store.statusCounts() == StatusCounts(counting: deliveries))
        for query in ["feng", "Paris", "銀座", "DLV-001"] {
            let found = try store.search(query)
            let expected = StatusCounts(counting: (0 ..< found.count).map(found.delivery(at:)))
            #expect(try store.statusCounts(matching: query) == expected, "\(query)")
        }
        try store.setStatus(.delivered, forDeliveryID: "DLV-00001")
        #expect(try store.statusCounts().delivered == StatusCounts(counting: deliveries).delivered + 1)
    }

    @Test func lateDeliveriesAreThoseWhoseWindowEndedAndAreNotDelivered() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 100)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let now = try #require(TimeOfDay(parsingClock: "12:30"))
        #expect(try store.lateDeliveries(at: now) == deliveries.filter { $0.isLate(at: now) })
        #expect(try store.lateDeliveries(at: try #require(TimeOfDay(parsingClock: "11:00"))).isEmpty)
    }
}
