import Foundation
import Model
import TeamHub
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
        // The identity stays with the database.
        #expect(try fixture.connect().identity == hub.identity)
    }
}
