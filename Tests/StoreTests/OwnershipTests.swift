import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// Issue 34, "ownership of changes": every change records who made it, and
/// `u` takes back only its maker's own last change, never over anyone's newer one.
@Suite struct OwnershipTests {
    let ana = ChangeAuthor(clientID: "11111111-1111-1111-1111-111111111111", userName: "ana")
    /// Ana in a second browser: the same person, another author.
    let anaElsewhere = ChangeAuthor(clientID: "22222222-2222-2222-2222-222222222222", userName: "ana")
    let ben = ChangeAuthor(clientID: "33333333-3333-3333-3333-333333333333", userName: "ben")

    private func store(_ folder: URL, count: Int = 6) throws -> (DeliveryStore, [Delivery]) {
        let deliveries = SampleManifest.pendingDeliveries(count: count)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        return (store, deliveries)
    }

    @Test func undoTakesBackOnlyTheUndoersOwnChange() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try store(folder)
        let (first, second) = (deliveries[1].id, deliveries[2].id)
        try store.setStatus(.delivered, forDeliveryID: first, by: ana)
        try store.setStatus(.failed, forDeliveryID: second, by: anaElsewhere)
        // Ana's `u` in her first browser takes back her change there, not the later one of her other browser.
        #expect(try store.undoLastChange(by: ana).undoneDeliveryID == first)
        #expect(try store.delivery(id: first)?.status == .pending)
        #expect(try store.delivery(id: second)?.status == .failed)
        #expect(try store.undoLastChange(by: ana) == .nothingToUndo)
        #expect(try store.undoLastChange(by: ben) == .nothingToUndo, "ben made no change")
    }

    @Test func undoNeverOverwritesSomeoneElsesNewerChange() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try store(folder)
        let id = deliveries[3].id
        try store.setStatus(.outForDelivery, forDeliveryID: id, by: ana)
        try store.setStatus(.failed, forDeliveryID: id, by: ben)
        #expect(try store.undoLastChange(by: ana) == .refused(deliveryID: id, reason: "ben changed \(id) to Failed since"))
        #expect(try store.delivery(id: id)?.status == .failed, "ben's change stays")
        // Refused, not skipped: asked again, it says the same rather than undo an older change.
        try store.setStatus(.delivered, forDeliveryID: deliveries[4].id, by: anaElsewhere)
        #expect(try store.undoLastChange(by: anaElsewhere).undoneDeliveryID == deliveries[4].id)
        try store.setStatus(.delivered, forDeliveryID: id, by: anaElsewhere)
        #expect(try store.undoLastChange(by: ana)
                == .refused(deliveryID: id, reason: "ana in another browser changed \(id) to Delivered since"))
        // Ben's undo is refused too, naming ana (to him, she is another person, not another browser).
        #expect(try store.undoLastChange(by: ben) == .refused(deliveryID: id, reason: "ana changed \(id) to Delivered since"))
    }

    @Test func undoOnOneDeliveryTakesBackTheLastChangeOfThatDeliveryMadeHere() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try store(folder)
        let (shown, other) = (deliveries[0].id, deliveries[5].id)
        try store.setStatus(.outForDelivery, forDeliveryID: shown, by: ana)
        try store.setStatus(.delivered, forDeliveryID: shown, by: ana)
        try store.setStatus(.failed, forDeliveryID: other, by: ana)
        let undone = try store.undoLastChange(by: ana, ofDeliveryID: shown)
        #expect(undone == .undone(StatusChange(deliveryID: shown, row: 0, oldStatus: .delivered, newStatus: .outForDelivery)))
        #expect(try store.delivery(id: other)?.status == .failed, "the later change of another delivery stays")
        // One further back on the same delivery; then nothing of ana's is left there.
        #expect(try store.undoLastChange(by: ana, ofDeliveryID: shown).undoneDeliveryID == shown)
        #expect(try store.delivery(id: shown)?.status == .pending)
        #expect(try store.undoLastChange(by: ana, ofDeliveryID: shown) == .nothingToUndo)
        #expect(try store.undoLastChange(by: ana).undoneDeliveryID == other)
    }

    @Test func undoWorksAcrossARestartAndTheLogKeepsWhoDidWhat() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let id: String
        do {
            let (store, deliveries) = try store(folder)
            id = deliveries[2].id
            try store.setStatus(.delivered, forDeliveryID: id, by: ana)
            store.close()
        }
        let reopened = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        #expect(try reopened.undoLastChange(by: ana).undoneDeliveryID == id)
        let log = try DatabaseQueue(path: folder.appendingPathComponent("d.sqlite").path).read { db in
            try Row.fetchAll(db, sql: "SELECT sequence, newStatus, clientID, userName, undoes, undoneBy FROM status_change ORDER BY sequence")
        }
        #expect(log.count == 2, "the change and its undo")
        let (change, undo) = (log[0], log[1])
        #expect(change["clientID"] == ana.clientID && change["userName"] == "ana" && change["newStatus"] == "delivered")
        #expect(undo["clientID"] == ana.clientID && undo["newStatus"] == "pending")
        #expect(undo["undoes"] == change["sequence"] as Int64 && change["undoneBy"] == undo["sequence"] as Int64)
    }

    @Test func undoRefusesWhenAnImportChangedTheStatusSince() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try store(folder)
        let id = deliveries[1].id
        try store.setStatus(.delivered, forDeliveryID: id, by: ana)
        try store.database.write { db in try db.execute(sql: "UPDATE delivery SET status = 'failed' WHERE id = ?", arguments: [id]) }
        guard case .refused(id, let reason) = try store.undoLastChange(by: ana) else {
            Issue.record("an undo over a status nobody logged went ahead")
            return
        }
        #expect(reason.contains("Failed now, not Delivered"))
        #expect(try store.delivery(id: id)?.status == .failed)
    }

    @Test func twoBrowsersAtOnceGetTwoIdsAndARestartGetsItsOwnBack() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let pool = folder.appendingPathComponent("config/idelivermobile/clients")
        var first: BrowserIdentity? = try BrowserIdentity.claim(in: pool, userName: "ana")
        let firstID = try #require(first?.author.clientID)
        let second = try BrowserIdentity.claim(in: pool, userName: "ana")
        #expect(second.author.clientID != firstID, "held ids are never shared")
        #expect(UUID(uuidString: firstID) != nil && UUID(uuidString: second.author.clientID) != nil)
        // The first browser quits and starts again: its id is free, and it is the first free one.
        first = nil
        let restarted = try BrowserIdentity.claim(in: pool, userName: "ana")
        #expect(restarted.author.clientID == firstID)
        #expect(restarted.author.userName == "ana")
        // Private: the pool's folder and files are the user's alone.
        let mode = { (url: URL) in ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber)?.intValue }
        #expect(mode(pool) == 0o700)
        #expect(mode(restarted.file) == 0o600 && mode(second.file) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pool.path).sorted() == ["client-1.id", "client-2.id"])
    }
}
