import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// A store as a team's replica (issue 33): the outbox written with the
/// change, the hub's feed taken without losing what waits to be sent, and
/// the hub's refusals kept as conflicts.
@Suite struct ReplicaTests {
    let ana = ChangeAuthor(clientID: "11111111-1111-1111-1111-111111111111", userName: "ana")

    private func replica(_ folder: URL, count: Int = 6) throws -> (DeliveryStore, [Delivery]) {
        let deliveries = SampleManifest.pendingDeliveries(count: count)
        let store = try DeliveryStore(url: folder.appendingPathComponent("replica.sqlite"))
        try store.becomeReplica(of: "hub-1", address: "postgresql:///team")
        try store.applyFeed(deliveries.map { FeedRow(delivery: $0, changedBy: nil, changedByClient: nil, changedAt: nil) }, upTo: 10)
        return (store, deliveries)
    }

    private func ids(_ found: StoredDeliveries) -> [String] {
        (0 ..< found.count).map { found.delivery(at: $0).id }
    }

    private func row(_ delivery: Delivery, _ status: DeliveryStatus, by role: String = "dispatch") -> FeedRow {
        var changed = delivery
        changed.status = status
        return FeedRow(delivery: changed, changedBy: role, changedByClient: "dispatch-client", changedAt: Date())
    }

    @Test func aPlainStoreHasNoOutboxAndAReplicaWritesItWithTheChange() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let plain = try DeliveryStore(url: folder.appendingPathComponent("plain.sqlite"))
        try plain.importManifest(at: try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder))
        try plain.setStatus(.failed, forDeliveryID: "DLV-00001", by: ana)
        #expect(try plain.outboxCount() == 0)
        #expect(try plain.replicaState() == nil)

        let (store, deliveries) = try replica(folder)
        #expect(try store.replicaState() == ReplicaState(hub: "hub-1", address: "postgresql:///team", position: 10))
        try store.setStatus(.outForDelivery, forDeliveryID: deliveries[1].id, by: ana)
        try store.setStatus(.delivered, forDeliveryID: deliveries[1].id, by: ana)
        try store.setStatus(.failed, forDeliveryID: deliveries[2].id, by: ana)
        try store.undoLastChange(by: ana)
        let outbox = try store.outbox()
        #expect(outbox.map(\.deliveryID) == [deliveries[1].id, deliveries[1].id, deliveries[2].id, deliveries[2].id], "in the order made")
        #expect(outbox.map(\.basedOn) == [.pending, .outForDelivery, .pending, .failed])
        #expect(outbox.map(\.status) == [.outForDelivery, .delivered, .failed, .pending])
        #expect(Set(outbox.map(\.changeID)).count == 4, "one idempotency key per change")
        #expect(outbox.allSatisfy { $0.author == ana })
    }

    @Test func theFeedKeepsWhatWaitsToBeSentAndNamesWhoChangedADeliverySince() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try replica(folder)
        try store.setStatus(.delivered, forDeliveryID: deliveries[0].id, by: ana)
        try store.setStatus(.outForDelivery, forDeliveryID: deliveries[1].id, by: ana)
        // The hub says: dispatch failed delivery 0 (ana's change is not there yet) and delivery 1;
        // delivery 3 is renamed; a new delivery came by an import.
        var renamed = deliveries[3]
        renamed.name = "Renamed On The Server"
        var added = SampleManifest.deliveries(count: 1, idPrefix: "NEW")[0]
        added.status = .pending
        #expect(try store.applyFeed([
            row(deliveries[0], .failed), row(deliveries[2], .failed),
            FeedRow(delivery: renamed, changedBy: nil, changedByClient: nil, changedAt: nil),
            FeedRow(delivery: added, changedBy: nil, changedByClient: nil, changedAt: nil),
        ], upTo: 12))
        #expect(try store.delivery(id: deliveries[0].id)?.status == .delivered, "ana's waiting change is what she sees")
        #expect(try store.delivery(id: deliveries[2].id)?.status == .failed)
        #expect(try store.count() == deliveries.count + 1)
        #expect(try store.search("renamed on the").count == 1)
        #expect(try store.replicaState()?.position == 12)
        // Ana's change of delivery 1 reached the hub; then dispatch failed it: her undo names dispatch.
        try store.acknowledge(try #require(try store.outbox().first { $0.deliveryID == deliveries[1].id }).changeID)
        try store.applyFeed([row(deliveries[1], .failed)], upTo: 13)
        #expect(try store.undoLastChange(by: ana, ofDeliveryID: deliveries[1].id)
                == .refused(deliveryID: deliveries[1].id, reason: "dispatch changed \(deliveries[1].id) to Failed since"))
    }

    @Test func anAcknowledgedChangeIsTheHubsSoALaterChangeBackIsSeen() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try replica(folder)
        try store.setStatus(.delivered, forDeliveryID: deliveries[4].id, by: ana)
        try store.acknowledge(try #require(try store.outbox().first).changeID)
        #expect(try store.outboxCount() == 0)
        // Someone sets it back to pending before the echo of ana's change arrives: the feed gives only pending.
        try store.applyFeed([row(deliveries[4], .pending)], upTo: 20)
        #expect(try store.delivery(id: deliveries[4].id)?.status == .pending, "the replica equals the hub")
    }

    @Test func aRefusedChangeBecomesAConflictForItsMakerUntilSeen() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try replica(folder)
        let id = deliveries[2].id
        try store.setStatus(.outForDelivery, forDeliveryID: id, by: ana)
        let change = try #require(try store.outbox().first)
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        try store.reject(change.changeID, kept: .failed, by: "dispatch", client: "dispatch-client", at: at)
        #expect(try store.outboxCount() == 0)
        #expect(try store.delivery(id: id)?.status == .failed, "the hub's newer status stays")
        let conflicts = try store.unseenConflicts(madeBy: ana.clientID)
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.deliveryID == id && conflict.mine == .outForDelivery && conflict.basedOn == .pending)
        #expect(conflict.kept == .failed && conflict.keptBy == "dispatch" && conflict.keptAt == at)
        #expect(try store.unseenConflicts(madeBy: "someone else").isEmpty, "shown to its maker only")
        try store.markSeen(change.changeID)
        #expect(try store.unseenConflicts(madeBy: ana.clientID).isEmpty)
        #expect(try store.conflict(change.changeID)?.mine == .outForDelivery, "kept after it is seen")
        #expect(try store.undoLastChange(by: ana, ofDeliveryID: id) == .refused(deliveryID: id, reason: "dispatch changed \(id) to Failed since"))

        // A later change of the same delivery still waiting keeps showing when an earlier one is refused.
        try store.setStatus(.delivered, forDeliveryID: deliveries[3].id, by: ana)
        try store.setStatus(.failed, forDeliveryID: deliveries[3].id, by: ana)
        let first = try #require(try store.outbox().first)
        try store.reject(first.changeID, kept: .outForDelivery, by: "dispatch", client: "dispatch-client", at: at)
        #expect(try store.delivery(id: deliveries[3].id)?.status == .failed)
    }

    @Test func aSnapshotStreamsIntoTheReplicaAndOneThatFailsLeavesItAsItWas() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("replica.sqlite"))
        try store.becomeReplica(of: "hub-1", address: "postgresql:///team")
        // More than one hand-over of rows (a staged import), none of them from a manifest file.
        let deliveries = SampleManifest.deliveries(count: 2_500)
        struct HubWentAway: Error {}
        #expect(throws: HubWentAway.self) {
            try store.importSnapshot(read: { expect, body in
                expect(deliveries.count)
                for delivery in deliveries.prefix(2_100) { try body(delivery) }
                throw HubWentAway()
            })
        }
        #expect(try store.count() == 0, "nothing of a failed snapshot is seen")
        let summary = try store.importSnapshot(read: { expect, body in
            expect(deliveries.count)
            for delivery in deliveries { try body(delivery) }
        })
        #expect(summary.added == deliveries.count && summary.storeCount == deliveries.count)
        var copied: [Delivery] = []
        try store.forEachDelivery { copied.append($0) }
        #expect(copied == deliveries, "every row as the hub sent it, in its order")
        #expect(try ids(store.search(deliveries[1_777].name)).contains(deliveries[1_777].id))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasSuffix(".json") },
                "no manifest file between")
    }

    @Test func aFeedRowThatChangesOnlyAStatusIsAStatusUpdateAndOneWithNewTextsIsReindexed() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try replica(folder, count: 300)
        let counts = try store.statusCounts()
        var renamed = deliveries[120]
        renamed.name = "Quillon Varga"
        renamed.status = .delivered
        #expect(try store.applyFeed([
            row(deliveries[7], .failed), row(deliveries[250], .outForDelivery), row(deliveries[9], .pending),
            FeedRow(delivery: renamed, changedBy: "dispatch", changedByClient: "dispatch-client", changedAt: Date()),
        ], upTo: 30))
        #expect(try store.delivery(id: deliveries[7].id)?.status == .failed)
        #expect(try store.delivery(id: deliveries[250].id)?.status == .outForDelivery)
        #expect(try store.delivery(id: deliveries[120].id) == renamed)
        var expected = counts
        expected[.pending] -= 3
        expected[.failed] += 1
        expected[.outForDelivery] += 1
        expected[.delivered] += 1
        #expect(try store.statusCounts() == expected, "the counts follow a status update")
        #expect(try ids(store.search(deliveries[7].name)).contains(deliveries[7].id), "its words kept")
        #expect(try ids(store.search("quillon varga")) == [deliveries[120].id])
        #expect(try !ids(store.search(deliveries[120].name)).contains(deliveries[120].id), "the old name no longer finds it")
        // Each status the hub changed is logged as its author's: an undo here names them.
        try store.setStatus(.delivered, forDeliveryID: deliveries[9].id, by: ana)
        try store.acknowledge(try #require(try store.outbox().first).changeID)
        try store.applyFeed([row(deliveries[9], .failed)], upTo: 31)
        #expect(try store.undoLastChange(by: ana, ofDeliveryID: deliveries[9].id)
                == .refused(deliveryID: deliveries[9].id, reason: "dispatch changed \(deliveries[9].id) to Failed since"))
    }
}
