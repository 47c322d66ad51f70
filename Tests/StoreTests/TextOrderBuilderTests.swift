import Foundation
import Model
import SeededRandom
import Testing
@testable import Store

/// The text orders an import works out as it reads, against the SQLite
/// store's `ORDER BY` of the same deliveries: names that tie, differ only in
/// case (ASCII and not), are prefixes of one another or hold any script;
/// windows missing, empty, or in the forms an import keeps. Read in one part or in two appended.
@Suite struct TextOrderBuilderTests {
    static func deliveries(count: Int, seed: UInt64) -> [Delivery] {
        var random = SplitMix64(seed: seed)
        let names = ["Kim Lee", "kim lee", "KIM LEE", "Kim", "Kim Leeds", "Ölund", "ölund", "émile", "Émile", "Zed", "a", "",
                     "東京 太郎", "Дмитрий", "дмитрий", "Z", "z", "kim-lee", "Kim\u{1}Lee", "Ḱim"]
        // As the import hands them over: normalised (`DeliveryWindow`).
        let windows: [String?] = [nil, "", "09:00-12:00", "09:00-10:00", "17:30-18:00", "08:00-08:30", "All day", "00:00-23:59"]
        return SampleManifest.deliveries(count: count).map { delivery in
            var copy = delivery
            copy.name = names[Int(random.next() % UInt64(names.count))]
            copy.window = windows[Int(random.next() % UInt64(windows.count))]
            return copy
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theOrdersAreTheSQLiteStoresInOnePartOrTwo(seed: UInt64) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = Self.deliveries(count: 500, seed: seed)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let place = Dictionary(uniqueKeysWithValues: deliveries.enumerated().map { ($1.id, Int32($0 + 1)) })

        var whole = TextOrderBuilder()
        for delivery in deliveries { whole.add(name: delivery.name, window: delivery.window) }
        let cut = Int(seed * 97) % deliveries.count
        var first = TextOrderBuilder()
        var rest = TextOrderBuilder()
        for delivery in deliveries[..<cut] { first.add(name: delivery.name, window: delivery.window) }
        for delivery in deliveries[cut...] { rest.add(name: delivery.name, window: delivery.window) }
        first.append(rest)
        #expect(first.count == deliveries.count)

        for order in [DeliveryOrder.name, .window] {
            let listed = try store.search("", sort: order)
            let expected = (0..<listed.count).compactMap { place[listed.delivery(at: $0).id] }
            #expect(expected.count == deliveries.count)
            #expect(whole.positions(order) == expected, "\(order)")
            #expect(first.positions(order) == expected, "\(order) in two parts cut at \(cut)")
            #expect(whole.positions(order, first: 11) == expected.map { $0 + 10 }, "\(order) numbered from 11")
        }
    }

    @Test func noDeliveriesHaveEmptyOrders() {
        #expect(TextOrderBuilder().positions(.name).isEmpty && TextOrderBuilder().positions(.window).isEmpty)
    }
}
