import Foundation
import Model
import Synchronization
@testable import TeamHub
import TestSupport
import Testing

/// The intake: a change applies only over the status it was made against; otherwise it is rejected and logged, never lost.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubIntakeTests {
    private func importedHub() throws -> (HubFixture, HubConnection, [Delivery]) {
        let fixture = try HubFixture()
        var deliveries = HubFixture.deliveries(count: 12)
        for index in deliveries.indices { deliveries[index].status = .pending }
        let hub = try fixture.connect(client: "dispatch-laptop")
        try hub.importManifest(at: fixture.write(deliveries))
        return (fixture, hub, deliveries)
    }

    @Test func aChangeAppliesLogsWhoAndWhenAndMovesTheFeed() throws {
        let (fixture, hub, deliveries) = try importedHub()
        let position = try hub.position()
        let madeAt = Date(timeIntervalSince1970: 1_800_000_000.25)
        let change = HubChange(changeID: UUID(), deliveryID: deliveries[3].id, basedOn: .pending, status: .outForDelivery, madeAt: madeAt)
        let outcome = try hub.submit(change)
        #expect(outcome == .applied(revision: position.sequence + 1))
        let (rows, next) = try hub.changes(since: position, limit: 100)
        #expect(rows.map(\.delivery.id) == [deliveries[3].id] && next == HubPosition(sequence: position.sequence + 1))
        #expect(rows.first?.delivery.status == .outForDelivery)
        #expect(rows.first?.lastChange?.role == PostgresCluster.user && rows.first?.lastChange?.clientID == "dispatch-laptop")
        let logged = try fixture.cluster.psql(fixture.database, """
            SELECT role, client, old_status, new_status, outcome, made_at = to_timestamp(1800000000.25), changed_at > now() - interval '1 minute'
            FROM status_change WHERE change_id = '\(change.changeID.uuidString.lowercased())'
            """)
        #expect(logged == "\(PostgresCluster.user)|dispatch-laptop|pending|out_for_delivery|applied|t|t")
    }

    @Test func aStaleChangeIsRejectedWithWhatWasKeptAndLoggedWithItsMaker() throws {
        let (fixture, dispatcher, deliveries) = try importedHub()
        let courier = try fixture.connect(client: "courier-phone")
        let id = deliveries[5].id
        // The dispatcher marks it failed; the courier, who still saw it pending, marks it out for delivery.
        #expect(try dispatcher.submit(HubChange(changeID: UUID(), deliveryID: id, basedOn: .pending, status: .failed, madeAt: Date()))
            == .applied(revision: 13))
        let stale = HubChange(changeID: UUID(), deliveryID: id, basedOn: .pending, status: .outForDelivery,
                              madeAt: Date().addingTimeInterval(-600))
        let outcome = try courier.submit(stale)
        guard case let .rejected(current, by, revision) = outcome else {
            Issue.record("not rejected: \(outcome)")
            return
        }
        #expect(current == .failed && revision == 13 && by?.clientID == "dispatch-laptop" && by?.role == PostgresCluster.user)
        // The newer change stays; the rejected one is in the log with its maker and what was kept.
        #expect(try courier.changes(since: HubPosition(sequence: 12), limit: 10).rows.map(\.delivery.status) == [.failed])
        #expect(try fixture.cluster.psql(fixture.database, """
            SELECT outcome, client, role, new_status, kept_status, kept_client FROM status_change
            WHERE change_id = '\(stale.changeID.uuidString.lowercased())'
            """) == "rejected|courier-phone|\(PostgresCluster.user)|out_for_delivery|failed|dispatch-laptop")
        // Resent (its acknowledgement lost): the same outcome, logged once.
        #expect(try courier.submit(stale) == outcome)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM status_change WHERE change_id = '\(stale.changeID.uuidString.lowercased())'") == "1")
    }

    @Test func aResentChangeIsAppliedOnceAndGetsItsFirstOutcome() throws {
        let (fixture, hub, deliveries) = try importedHub()
        let change = HubChange(changeID: UUID(), deliveryID: deliveries[0].id, basedOn: .pending, status: .delivered, madeAt: Date())
        let first = try hub.submit(change)
        // Someone else moves it on meanwhile; the resend still gets the first outcome, and changes nothing.
        _ = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[0].id, basedOn: .delivered, status: .failed, madeAt: Date()))
        let position = try hub.position()
        #expect(try fixture.connect(client: "other").submit(change) == first)
        #expect(try hub.position() == position)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM status_change WHERE change_id = '\(change.changeID.uuidString.lowercased())'") == "1")
    }

    @Test func anUnknownDeliveryIsSaidAndLoggedAndMalformedChangesAreRefused() throws {
        let (fixture, hub, deliveries) = try importedHub()
        let unknown = HubChange(changeID: UUID(), deliveryID: "NO-SUCH-ID", basedOn: .pending, status: .delivered, madeAt: Date())
        #expect(try hub.submit(unknown) == .unknownDelivery)
        #expect(try hub.submit(unknown) == .unknownDelivery)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT outcome FROM status_change WHERE delivery_id = 'NO-SUCH-ID'") == "unknown_delivery")
        let same = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[1].id, basedOn: .pending, status: .pending, madeAt: Date()))
        guard case let .refused(reason) = same else {
            Issue.record("not refused: \(same)")
            return
        }
        #expect(reason.contains("changes the status"))
        // The connection stays usable after a refusal.
        #expect(try hub.position() == HubPosition(sequence: 12))
    }

    @Test func twoPeopleRacingForOneDeliveryGetOneAppliedAndOneRejected() throws {
        let (fixture, _, deliveries) = try importedHub()
        let id = deliveries[7].id
        let connections = [try fixture.connect(client: "a"), try fixture.connect(client: "b")]
        let results = Mutex<[HubOutcome]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let status: DeliveryStatus = index == 0 ? .delivered : .failed
            let change = HubChange(changeID: UUID(), deliveryID: id, basedOn: .pending, status: status, madeAt: Date())
            if let outcome = try? connections[index].submit(change) {
                results.withLock { $0.append(outcome) }
            }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 2)
        #expect(all.filter { if case .applied = $0 { true } else { false } }.count == 1)
        #expect(all.filter { if case .rejected = $0 { true } else { false } }.count == 1)
    }
}

