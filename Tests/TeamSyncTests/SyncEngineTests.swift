import Foundation
import Model
import Store
import TeamHub
import TeamSync
import TestSupport
import Testing

/// The sync engine against a real hub (issue 33): a first snapshot, others'
/// changes by position, the outbox sent once in order through drops, and a
/// stale change kept as a conflict for its maker.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct SyncEngineTests {
    let courier = ChangeAuthor(clientID: "0c0c0c0c-0000-4000-8000-000000000001", userName: "courier")

    private func engine(_ store: DeliveryStore, _ address: HubAddress, author: ChangeAuthor) -> SyncEngine {
        let engine = SyncEngine(store: store, address: address, author: author, offline: nil, timeout: .seconds(1), whenNews: {})
        engine.start()
        return engine
    }

    /// The courier's replica and engine, reaching the hub through a proxy, once online.
    private func proxied(_ team: TeamFixture) throws -> (FaultProxy, DeliveryStore, SyncEngine) {
        let proxy = try FaultProxy(targetPort: team.cluster.port)
        let replica = try team.replica("courier", port: proxy.port, clientID: courier.clientID)
        let engine = engine(replica, try team.address(port: proxy.port), author: courier)
        #expect(TeamFixture.eventually { engine.report?.link == .online })
        return (proxy, replica, engine)
    }

    @Test func aFirstStartCopiesTheHubAndOthersChangesArriveByPosition() throws {
        let team = try TeamFixture(count: 120)
        let replica = try team.replica("courier", clientID: courier.clientID)
        #expect(try replica.count() == 120)
        #expect(try TeamFixture.statuses(of: replica) == team.hubStatuses())
        #expect(try replica.search(team.deliveries[7].name).count >= 1, "the copy is searchable")
        let engine = engine(replica, try team.address(), author: courier)
        defer { engine.stop() }

        // Dispatch changes a status on the hub: the replica takes it.
        let dispatch = try team.connect()
        defer { dispatch.close() }
        let id = team.deliveries[3].id
        _ = try dispatch.submit(HubChange(changeID: UUID(), deliveryID: id, basedOn: .pending, status: .failed, madeAt: Date()))
        #expect(TeamFixture.eventually { (try? replica.delivery(id: id))??.status == .failed })
        // An undo of nobody's change here: nothing of the courier's to take back.
        #expect(try replica.undoLastChange(by: courier) == .nothingToUndo)
    }

    @Test func changesMadeOfflineAreSentOnceInOrderWhenTheHubAnswersAgain() throws {
        let team = try TeamFixture()
        let (proxy, replica, engine) = try proxied(team)
        defer { engine.stop(); proxy.stop() }

        proxy.set(.drop)
        #expect(TeamFixture.eventually { if case .offline = engine.report?.link { true } else { false } })
        let (a, b) = (team.deliveries[1].id, team.deliveries[2].id)
        try replica.setStatus(.outForDelivery, forDeliveryID: a, by: courier)
        try replica.setStatus(.delivered, forDeliveryID: a, by: courier)
        try replica.setStatus(.failed, forDeliveryID: b, by: courier)
        engine.kick()
        let sent = try replica.outbox().map { $0.changeID.uuidString.lowercased() }
        #expect(sent.count == 3)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try replica.outboxCount() == 3, "nothing leaves while the hub is away")

        proxy.set(.pass)
        #expect(TeamFixture.eventually { (try? replica.outboxCount()) == 0 })
        let logged = try team.cluster.psql(team.database, """
            SELECT string_agg(change_id::text || ':' || outcome, ',' ORDER BY sequence) FROM status_change WHERE client = '\(courier.clientID)'
            """)
        #expect(logged == sent.map { $0 + ":applied" }.joined(separator: ","), "each once, in the order made")
        #expect(try team.hubStatuses()[a] == "delivered" && team.hubStatuses()[b] == "failed")
        #expect(try TeamFixture.statuses(of: replica) == team.hubStatuses())
    }

    @Test func aStaleOfflineChangeIsKeptAsAConflictForItsMakerNotAppliedOverTheNewerOne() throws {
        let team = try TeamFixture()
        let (proxy, replica, engine) = try proxied(team)
        defer { engine.stop(); proxy.stop() }

        proxy.set(.stall)
        let id = team.deliveries[5].id
        try replica.setStatus(.outForDelivery, forDeliveryID: id, by: courier)
        // Meanwhile dispatch, online, marks it failed.
        let dispatch = try team.connect()
        defer { dispatch.close() }
        _ = try dispatch.submit(HubChange(changeID: UUID(), deliveryID: id, basedOn: .pending, status: .failed, madeAt: Date()))

        proxy.set(.pass)
        #expect(TeamFixture.eventually { engine.report?.conflicts.count == 1 })
        let conflict = try #require(engine.report?.conflicts.first)
        #expect(conflict.deliveryID == id && conflict.mine == .outForDelivery && conflict.kept == .failed)
        #expect(conflict.keptBy == PostgresCluster.user)
        #expect(conflict.sentence.contains("`r` to apply your Out for delivery, `x` to keep Failed."))
        #expect(try team.hubStatuses()[id] == "failed", "the newer change stays")
        #expect(TeamFixture.eventually { (try? replica.delivery(id: id))??.status == .failed })
        let rejected = try team.cluster.psql(team.database, """
            SELECT count(*) FROM status_change WHERE client = '\(courier.clientID)' AND outcome = 'rejected'
            """)
        #expect(rejected == "1")
        // Looked at, with the hub away again: marked seen in the replica at once, so a browser quit now
        // does not show it again; no longer shown; and the courier's `u` has nothing left to take back.
        proxy.set(.drop)
        engine.lookedAt(changeID: conflict.changeID)
        #expect(try replica.unseenConflicts(madeBy: courier.clientID).isEmpty)
        #expect(TeamFixture.eventually { engine.report?.conflicts.isEmpty == true })
        if case .refused(_, let reason) = try replica.undoLastChange(by: courier) {
            #expect(reason.contains(PostgresCluster.user))
        } else {
            Issue.record("an undo over a newer change by someone else went ahead")
        }
    }

    @Test func aStoppedServerIsReportedOfflineAndItsReturnOnlineWithTheReplicaKept() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let team = try TeamFixture(cluster: cluster)
        let replica = try team.replica("courier", clientID: courier.clientID)
        let engine = engine(replica, try team.address(), author: courier)
        defer { engine.stop() }
        #expect(TeamFixture.eventually { engine.report?.link == .online })
        try cluster.stop()
        #expect(TeamFixture.eventually { if case .offline = engine.report?.link { true } else { false } }, "\(String(describing: engine.report))")
        #expect(try replica.count() == team.deliveries.count, "the replica keeps every row")
        try replica.setStatus(.delivered, forDeliveryID: team.deliveries[0].id, by: courier)

        // Opened while the hub is away (another browser starting now): the replica as last synced, and why.
        let again = try ReplicaSetup.open(
            try team.address(), replica: team.folder.appendingPathComponent("courier.sqlite"), clientID: courier.clientID,
            timeout: .seconds(2), catchUp: true, progress: { _ in })
        #expect(again.offline?.isEmpty == false, "it says the hub does not answer")
        #expect(try again.store.count() == team.deliveries.count)
        #expect(try again.store.delivery(id: team.deliveries[0].id)?.status == .delivered, "with what waits to be sent")
        again.store.close()
        // Without a replica there is nothing to show: it says so, and makes no file.
        let none = team.folder.appendingPathComponent("nobody.sqlite")
        #expect {
            _ = try ReplicaSetup.open(try team.address(), replica: none, clientID: courier.clientID, timeout: .seconds(2),
                                      catchUp: true, progress: { _ in })
        } throws: { error in
            (error as? HubError)?.message.contains("there is no replica of it here yet") == true
        }
        #expect(!FileManager.default.fileExists(atPath: none.path))

        try cluster.start()
        #expect(TeamFixture.eventually { engine.report?.link == .online && (try? replica.outboxCount()) == 0 })
        #expect(try team.hubStatuses()[team.deliveries[0].id] == "delivered")
    }

    @Test func aReplicaOfAnotherHubIsCopiedAfreshKeepingItsOutbox() throws {
        let first = try TeamFixture(count: 20)
        let url = first.folder.appendingPathComponent("moved.sqlite")
        let id = first.deliveries[4].id
        do {
            let replica = try ReplicaSetup.open(
                try first.address(), replica: url, clientID: courier.clientID, timeout: .seconds(2), catchUp: false, progress: { _ in }).store
            // Made while no engine runs: it waits in the outbox.
            try replica.setStatus(.delivered, forDeliveryID: id, by: courier)
            replica.close()
        }
        // The same replica file, now given another hub (a database made anew, or another one).
        let second = try TeamFixture(count: 30, cluster: first.cluster)
        let opened = try ReplicaSetup.open(
            try second.address(), replica: url, clientID: courier.clientID, timeout: .seconds(2), catchUp: false, progress: { _ in })
        let replica = opened.store
        #expect(try replica.count() == 30, "copied from the new hub")
        #expect(try replica.outbox().map(\.deliveryID) == [id], "what waited is kept")
        #expect(try replica.delivery(id: id)?.status == .delivered)
        let engine = engine(replica, try second.address(), author: courier)
        defer { engine.stop() }
        #expect(TeamFixture.eventually { (try? replica.outboxCount()) == 0 })
        #expect(try second.hubStatuses()[id] == "delivered")
    }
}
