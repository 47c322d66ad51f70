import Foundation
import Model
@testable import TeamHub
import TestSupport
import Testing

/// The change feed: a snapshot equals the table, and "changes since" gives what changed after a position.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubFeedTests {
    @Test func aNewHubIsMadeByItsOwnerAndIsEmpty() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        var rows: [HubRow] = []
        let position = try hub.snapshot(progress: { _, _ in }) { rows.append($0) }
        #expect(rows.isEmpty && position == .start)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT max(version) FROM idm_schema_migration") == "15")
        // The identity stays with the database; a re-created one has another.
        #expect(try fixture.connect().identity == hub.identity)
        #expect(try HubFixture(cluster: fixture.cluster).connect().identity != hub.identity)
    }

    @Test func theSnapshotEqualsTheTableAndReportsItsProgress() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        let deliveries = HubFixture.deliveries(count: 2000)
        try hub.importManifest(at: fixture.write(deliveries))
        var rows: [HubRow] = []
        var reports: [(Int, Int)] = []
        let position = try hub.snapshot(progress: { reports.append(($0, $1)) }) { rows.append($0) }
        #expect(rows.map(\.delivery) == deliveries)
        #expect(position == HubPosition(sequence: 2000))
        #expect(reports.first.map { $0 == (0, 2000) } == true && reports.last.map { $0 == (2000, 2000) } == true)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        // The table, as the server has it.
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(id, ',' ORDER BY position) FROM delivery")
            == deliveries.map(\.id).joined(separator: ","))
    }

    @Test func changesSinceAPositionComeInOrderPageByPageIncludingAnImports() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        var deliveries = HubFixture.deliveries(count: 50)
        for index in deliveries.indices { deliveries[index].status = .pending }
        try hub.importManifest(at: fixture.write(deliveries))
        let start = try hub.position()
        #expect(try hub.changes(since: start, limit: 10).rows.isEmpty)
        #expect(try hub.changes(since: start, limit: 10).position == start)

        // Two status changes, then an import that renames three deliveries, then another status change.
        _ = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[9].id, basedOn: .pending, status: .delivered, madeAt: Date()))
        _ = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[3].id, basedOn: .pending, status: .failed, madeAt: Date()))
        var renamed = deliveries
        for index in [1, 20, 40] { renamed[index].name += " Jr." }
        try hub.importManifest(at: fixture.write(renamed, name: "renamed.json"))
        _ = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[9].id, basedOn: .delivered, status: .failed, madeAt: Date()))

        var seen: [String] = []
        var position = start
        var pages = 0
        while true {
            let page = try hub.changes(since: position, limit: 2)
            seen += page.rows.map(\.delivery.id)
            #expect(page.position >= position)
            if page.rows.isEmpty { break }
            position = page.position
            pages += 1
        }
        // Each delivery once, at the place of its last change.
        #expect(seen == [deliveries[3].id, deliveries[1].id, deliveries[20].id, deliveries[40].id, deliveries[9].id])
        #expect(pages == 3 && position == HubPosition(sequence: start.sequence + 6))
        let last = try hub.changes(since: HubPosition(sequence: start.sequence + 5), limit: 10).rows
        #expect(last.map(\.delivery.status) == [.failed] && last.first?.revision == start.sequence + 6)
    }
}
