import Foundation
import Model
@testable import TeamHub
import TestSupport
import Testing

/// `grant`: a courier's role reads and submits status changes through the intake, and can do nothing else.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubGrantTests {
    private static func roleName() -> String { "courier_" + UUID().uuidString.prefix(8).lowercased() }

    @Test func aGrantedRoleSubmitsStatusChangesAndCannotWriteAnythingElse() throws {
        let fixture = try HubFixture()
        let owner = try fixture.connect()
        var deliveries = HubFixture.deliveries(count: 10)
        deliveries[2].status = .pending
        try owner.importManifest(at: fixture.write(deliveries))
        let role = Self.roleName()
        try fixture.makeRole(role)
        try owner.grant(to: role)

        let courier = try fixture.connect(role: role, client: "courier-phone")
        var rows: [HubRow] = []
        _ = try courier.snapshot(progress: { _, _ in }) { rows.append($0) }
        #expect(rows.map(\.delivery) == deliveries)
        let change = HubChange(changeID: UUID(), deliveryID: deliveries[2].id, basedOn: .pending, status: .delivered, madeAt: Date())
        guard case .applied = try courier.submit(change) else {
            Issue.record("the courier's change was not applied")
            return
        }
        #expect(try fixture.cluster.psql(fixture.database, "SELECT role FROM status_change WHERE change_id = '\(change.changeID.uuidString.lowercased())'") == role)

        for statement in [
            "UPDATE delivery SET name = 'Someone Else' WHERE position = 1",
            "UPDATE delivery SET status = 'failed' WHERE position = 1",
            "INSERT INTO delivery (position, id, name, line1, status, imported_status, items, revision) VALUES (99, 'X', 'X', 'X', 'pending', 'pending', '[]', 999)",
            "DELETE FROM delivery WHERE position = 1",
            "TRUNCATE delivery",
            "INSERT INTO status_change (change_id, delivery_id, old_status, new_status, client) VALUES (gen_random_uuid(), 'X', 'pending', 'failed', 'me')",
            "UPDATE status_change SET client = 'someone else'",
            "DELETE FROM status_change",
            "INSERT INTO idm_schema_migration (version, name) VALUES (16, 'mine')",
            "UPDATE hub SET feed = 0",
            "ALTER TABLE delivery ADD COLUMN mine text",
            "DROP FUNCTION submit_status_change(uuid, text, text, text, text, timestamptz)",
            "CREATE OR REPLACE FUNCTION submit_status_change(uuid, text, text, text, text, timestamptz) RETURNS void LANGUAGE sql AS ''",
        ] {
            #expect(throws: HubError.self, "\(statement)") { try courier.execute(statement) }
        }
        // The log is not the courier's to read either; the intake tells it what it needs.
        #expect(throws: HubError.self) { try courier.execute("SELECT * FROM status_change") }

        // The owner's programs work as before.
        var more = deliveries
        more[0].name = "Zoë Müller-Lüdenscheidt"
        let summary = try owner.importManifest(at: fixture.write(more, name: "more.json"))
        #expect(summary.changed == 1)
        #expect(try fixture.connect().position() == HubPosition(sequence: 12))
    }

    @Test func grantingTakesBackWhatTheOldReadmeGaveAndRefusesWhatItCannotLimit() throws {
        let fixture = try HubFixture()
        let owner = try fixture.connect()
        try owner.importManifest(at: fixture.write(HubFixture.deliveries(count: 5)))
        let role = Self.roleName()
        try fixture.makeRole(role)
        // What the README told teams before the hub.
        try fixture.cluster.psql(fixture.database, "GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO \(role)")
        try fixture.cluster.psql(fixture.database, "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role)")
        try owner.grant(to: role)
        #expect(throws: HubError.self) { try fixture.connect(role: role).execute("UPDATE delivery SET name = 'x'") }

        #expect {
            try owner.grant(to: "nobody_\(UUID().uuidString.prefix(6).lowercased())")
        } throws: { error in
            (error as? HubError)?.kind == .noSuchRole && (error as? HubError)?.exitCode == 67
        }
        #expect {
            try owner.grant(to: PostgresCluster.user)
        } throws: { error in
            (error as? HubError)?.message.contains("superuser") == true
        }
        // Only the owner grants.
        let other = Self.roleName()
        try fixture.makeRole(other)
        #expect {
            try fixture.connect(role: role).grant(to: other)
        } throws: { error in
            (error as? HubError)?.kind == .permission && (error as? HubError)?.exitCode == 77
        }
    }

    @Test func aRoleNotGrantedIsToldWhoGrantsItAndAnOutdatedHubIsLeftForItsOwner() throws {
        let fixture = try HubFixture()
        let role = Self.roleName()
        try fixture.makeRole(role)
        // No hub yet: a courier's role makes nothing.
        #expect {
            try fixture.connect(role: role)
        } throws: { error in
            let error = error as? HubError
            return error?.kind == .schemaOutdated && error?.message.contains("only by its owner, \(PostgresCluster.user)") == true
        }
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
        _ = try fixture.connect()
        #expect {
            try fixture.connect(role: role)
        } throws: { error in
            let error = error as? HubError
            return error?.kind == .permission && error?.message.contains("idelivermobile grant \(role)") == true
        }
    }
}
