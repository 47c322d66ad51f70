import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// The store keeps exactly what the manifest says, and refuses what it must not touch.
@Suite struct StoreFidelityTests {
    @Test func aNulIsStoredAndReadBackNotTruncated() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 3)
        deliveries[0].name = "ab\u{0}cd"
        deliveries[0].address = Address(line1: "\u{0}1 Main St", line2: "Town\u{0}")
        deliveries[0].phone = "555\u{0}0100"
        deliveries[0].instructions = "ring\u{0}twice"
        deliveries[0].window = "09:00\u{0}"
        deliveries[0].items = [Item(name: "box\u{0}set", quantity: 1)]
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let source = try store.deliveries()
        #expect((0 ..< source.count).map(source.delivery(at:)) == deliveries)
        try store.setStatus(.failed, forDeliveryID: deliveries[0].id)
        #expect(try store.delivery(id: deliveries[0].id)?.name == "ab\u{0}cd")
        #expect(try store.delivery(id: deliveries[0].id)?.address.line2 == "Town\u{0}")
    }
}
