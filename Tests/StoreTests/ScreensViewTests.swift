import Foundation
import Model
import Testing
@testable import Store

/// What the screens' rows read while this process writes: with the view
/// kept for the screens, a write is invisible to every read of the rows
/// (pages kept or not, old sources or new) until the screens say they heard
/// of it (`moveToLatest()`); without it, a write shows at the next read.
@Suite struct ScreensViewTests {
    private static func store(count: Int, in folder: URL) throws -> (DeliveryStore, [Delivery]) {
        let deliveries = SampleManifest.deliveries(count: count)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        return (store, deliveries)
    }

    /// A status the delivery does not have.
    private static func other(than status: DeliveryStatus) -> DeliveryStatus {
        status == .failed ? .delivered : .failed
    }

    @Test func aWriteIsInvisibleToTheScreensUntilTheyHearOfIt() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try Self.store(count: 600, in: folder)
        store.keepViewForScreens()
        let source = try store.deliveries()
        // Row 3's page is kept; row 500's is not read until after the write.
        #expect(source.delivery(at: 3) == deliveries[3])
        let (kept, unread) = (Self.other(than: deliveries[3].status), Self.other(than: deliveries[500].status))
        try store.setStatus(kept, forDeliveryID: deliveries[3].id)
        try store.setStatus(unread, forDeliveryID: deliveries[500].id)
        // The write is in the file (another connection reads it)…
        #expect(try store.delivery(id: deliveries[500].id)?.status == unread)
        // …but not in the screens' rows, kept page or not, nor in rows listed since.
        #expect(source.delivery(at: 3).status == deliveries[3].status)
        #expect(source.delivery(at: 500).status == deliveries[500].status)
        #expect(source.deliveriesWithLengths(at: [500]).first?.delivery.status == deliveries[500].status)
        #expect(try store.deliveries().delivery(at: 500).status == deliveries[500].status)

        // The screens handled the message that says the store changed.
        source.moveToLatest()
        #expect(source.delivery(at: 3).status == kept)
        #expect(source.delivery(at: 500).status == unread)

        // The next write is held again until it is heard of.
        try store.setStatus(deliveries[500].status, forDeliveryID: deliveries[500].id)
        #expect(source.delivery(at: 500).status == unread)
        source.moveToLatest()
        #expect(source.delivery(at: 500).status == deliveries[500].status)
    }

    @Test func withoutTheScreensAWriteShowsAtTheNextRead() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try Self.store(count: 600, in: folder)
        let source = try store.deliveries()
        #expect(source.delivery(at: 3) == deliveries[3])
        let status = Self.other(than: deliveries[3].status)
        try store.setStatus(status, forDeliveryID: deliveries[3].id)
        #expect(source.delivery(at: 3).status == status)
    }

    @Test func theStatusWritersThreadIsHeldToo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try Self.store(count: 300, in: folder)
        store.keepViewForScreens()
        let source = try store.deliveries()
        let status = Self.other(than: deliveries[200].status)
        let writer = StatusWriter(store: store, author: ChangeAuthor(clientID: "test", userName: "test"))
        writer.submit(.setStatus(status, deliveryID: deliveries[200].id))
        writer.waitUntilIdle()
        #expect(writer.takeOutcomes().count == 1)
        #expect(source.delivery(at: 200).status == deliveries[200].status)
        source.moveToLatest()
        #expect(source.delivery(at: 200).status == status)
    }

    @Test func aWriteThatChangesNothingLetsTheViewGo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try Self.store(count: 600, in: folder)
        store.keepViewForScreens()
        let source = try store.deliveries()
        // Already so: nothing changes, no message will come, so nothing may stay held.
        try store.setStatus(deliveries[3].status, forDeliveryID: deliveries[3].id)
        // Another process's commit is then read as the store has it (its `.storeChanged` follows).
        let other = try DeliveryStore(url: store.url)
        let status = Self.other(than: deliveries[500].status)
        try other.setStatus(status, forDeliveryID: deliveries[500].id)
        #expect(source.delivery(at: 500).status == status)
    }
}
