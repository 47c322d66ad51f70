import Foundation
import Model
@testable import TeamHub
import TestSupport
import Testing

/// A team database made by the PostgreSQL store before the hub (schema v14, browsed page by page) becomes
/// a hub when its owner opens it, with every status and the whole log kept; nobody else migrates it.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubMigrationTests {
    /// `Resources/team-database-v14.sql`: pg_dump of such a database (six deliveries, three status changes by two clients).
    private static let dump = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/team-database-v14.sql")

    private func teamDatabase() throws -> HubFixture {
        let fixture = try HubFixture()
        try fixture.cluster.psql(fixture.database, String(contentsOf: Self.dump, encoding: .utf8))
        return fixture
    }

    private func table(_ fixture: HubFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(concat_ws('|', position, id, name, line1, line2, phone, text_number, status, imported_status, items,
                                        instructions, delivery_window), E'\\n' ORDER BY position) FROM delivery
            """)
    }

    @Test func itsOwnerMakesItAHubKeepingEveryStatusAndTheLog() throws {
        let fixture = try teamDatabase()
        let rows = try table(fixture)
        let log = try fixture.cluster.psql(fixture.database, "SELECT string_agg(concat_ws('|', sequence, change_id, delivery_id, old_status, new_status, client, changed_at), E'\\n' ORDER BY sequence) FROM status_change")

        let hub = try fixture.connect()
        #expect(try fixture.cluster.psql(fixture.database, "SELECT max(version) FROM idm_schema_migration") == "15")
        #expect(try table(fixture) == rows)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(concat_ws('|', sequence, change_id, delivery_id, old_status, new_status, client, changed_at), E'\\n' ORDER BY sequence) FROM status_change") == log)
        // The log's clients were role@host: the role is kept apart now.
        #expect(try fixture.cluster.psql(fixture.database, "SELECT string_agg(role, ',' ORDER BY sequence) FROM status_change") == "dispatch,dispatch,courier")
        // What only served browsing the server is gone.
        #expect(try fixture.cluster.psql(fixture.database, """
            SELECT count(*) FROM pg_class WHERE relname IN ('search_word', 'search_trigram', 'text_order', 'imported_manifest')
            """) == "0")

        var snapshot: [HubRow] = []
        let position = try hub.snapshot(progress: { _, _ in }) { snapshot.append($0) }
        #expect(snapshot.count == 6 && position == HubPosition(sequence: 6))
        let statuses = snapshot.map(\.delivery.status.rawValue).joined(separator: ",")
        #expect(statuses == "pending,delivered,pending,out_for_delivery,pending,out_for_delivery")
        // Each status's author, from the log.
        #expect(snapshot[3].lastChange?.clientID == "courier@phone" && snapshot[3].lastChange?.role == "courier")
        #expect(snapshot[1].lastChange?.clientID == "dispatch@laptop")
        #expect(snapshot[0].lastChange == nil)

        // It works as a hub: a change goes through the intake and the feed moves on.
        let change = HubChange(changeID: UUID(), deliveryID: "DLV-0000004", basedOn: .outForDelivery, status: .delivered, madeAt: Date())
        #expect(try hub.submit(change) == .applied(revision: 7))
        #expect(try hub.changes(since: position, limit: 10).rows.map(\.delivery.id) == ["DLV-0000004"])
    }

    @Test func nobodyButItsOwnerMigratesItAndOldWriteGrantsAreTakenBack() throws {
        let fixture = try teamDatabase()
        let role = "courier_" + UUID().uuidString.prefix(8).lowercased()
        try fixture.makeRole(role)
        // The README's grants before the hub.
        try fixture.cluster.psql(fixture.database, "GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO \(role)")
        try fixture.cluster.psql(fixture.database, "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role)")
        #expect {
            try fixture.connect(role: role)
        } throws: { error in
            let error = error as? HubError
            return error?.kind == .schemaOutdated && error?.exitCode == 65 && error?.message.contains("version 14") == true
        }
        #expect(try fixture.cluster.psql(fixture.database, "SELECT max(version) FROM idm_schema_migration") == "14")

        _ = try fixture.connect()
        #expect(try fixture.cluster.psql(fixture.database, """
            SELECT count(*) FROM information_schema.role_table_grants WHERE grantee = '\(role)' AND privilege_type <> 'SELECT'
            """) == "0")
    }

    @Test func aHubNewerThanThisProgramIsRefusedUnchanged() throws {
        let fixture = try HubFixture()
        _ = try fixture.connect()
        try fixture.cluster.psql(fixture.database, "INSERT INTO idm_schema_migration (version, name) VALUES (99, 'from the future')")
        #expect {
            try fixture.connect()
        } throws: { error in
            let error = error as? HubError
            return error?.kind == .schemaTooNew && error?.exitCode == 65 && error?.message.contains("update idelivermobile") == true
        }
    }
}
