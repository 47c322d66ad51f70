import Foundation
import Manifest
import Model
@testable import TeamHub
import TestSupport
import Testing

/// Imports into the hub: every delivery as given, "unchanged" by content, and only what really changed counted and written.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubImportTests {
    private func snapshot(_ hub: HubConnection) throws -> (rows: [HubRow], position: HubPosition) {
        var rows: [HubRow] = []
        let position = try hub.snapshot(progress: { _, _ in }) { rows.append($0) }
        return (rows, position)
    }

    @Test func aFirstImportHoldsEveryDeliveryExactlyAndNumbersEachRowInTheFeed() throws {
        let fixture = try HubFixture()
        let deliveries = HubFixture.deliveries(count: 500)
        let hub = try fixture.connect()
        let summary = try hub.importManifest(at: fixture.write(deliveries))
        #expect(summary == HubImportSummary(deliveries: 500, added: 500, changed: 0, hubCount: 500, performed: true))
        let (rows, position) = try snapshot(hub)
        #expect(rows.map(\.delivery) == deliveries)
        #expect(rows.map(\.position) == Array(1...500))
        #expect(Set(rows.map(\.revision)).count == 500 && rows.allSatisfy { $0.revision >= 1 && $0.revision <= 500 })
        #expect(position == HubPosition(sequence: 500))
        #expect(rows.allSatisfy { $0.lastChange == nil })
    }

    @Test func theSameBytesAreUnchangedEvenWhenTouchedAndAnOlderManifestIsImportedAgain() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        let first = HubFixture.deliveries(count: 40)
        var second = first
        second[3].name = "Renamed Person"
        second[7].status = .failed
        let url = try fixture.write(first)
        #expect(try hub.importManifest(at: url).performed)
        // Touched: newer modification time, same bytes.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)], ofItemAtPath: url.path)
        let touched = try hub.importManifest(at: url)
        #expect(!touched.performed && touched.hubCount == 40)

        // A different manifest, at another path: only what really changed is counted and written.
        let before = try hub.position()
        let changed = try hub.importManifest(at: fixture.write(second, name: "second.json"))
        #expect(changed == HubImportSummary(deliveries: 40, added: 0, changed: 2, hubCount: 40, performed: true))
        let (rows, position) = try snapshot(hub)
        #expect(position == HubPosition(sequence: before.sequence + 2))
        #expect(rows.filter { $0.revision > before.sequence }.map(\.delivery.id) == [second[3].id, second[7].id])
        #expect(rows.map(\.delivery) == second)

        // The first manifest again, at its old path with its old bytes: not the last import, so imported.
        let back = try hub.importManifest(at: url)
        #expect(back.performed && back.changed == 2 && back.added == 0)
        #expect(try snapshot(hub).rows.map(\.delivery) == first)
    }

    @Test func newDeliveriesAreAppendedAndAStatusChangedOnTheHubSurvivesAReimport() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        var deliveries = HubFixture.deliveries(count: 30)
        deliveries[4].status = .pending
        try hub.importManifest(at: fixture.write(deliveries))
        let applied = try hub.submit(HubChange(changeID: UUID(), deliveryID: deliveries[4].id, basedOn: .pending, status: .delivered, madeAt: Date()))
        guard case .applied = applied else { Issue.record("not applied: \(applied)"); return }

        var more = deliveries + HubFixture.deliveries(count: 35, seed: 99).suffix(5).enumerated().map { index, delivery in
            var delivery = delivery
            delivery.id = "NEW-\(index)"
            return delivery
        }
        more[0].phone = "+1 555 0100"
        let summary = try hub.importManifest(at: fixture.write(more, name: "more.json"))
        #expect(summary == HubImportSummary(deliveries: 35, added: 5, changed: 1, hubCount: 35, performed: true))
        let rows = try snapshot(hub).rows
        #expect(rows.map(\.delivery.id) == more.map(\.id))
        #expect(rows.map(\.position) == Array(1...35))
        // The courier's Delivered stays: the manifest did not change that delivery's status.
        #expect(rows[4].delivery.status == .delivered && rows[4].lastChange?.clientID == "test-client")

        // A manifest that changes that status itself wins, and says so in the log.
        more[4].status = .failed
        try hub.importManifest(at: fixture.write(more, name: "again.json"))
        let row = try #require(try snapshot(hub).rows.first { $0.delivery.id == more[4].id })
        #expect(row.delivery.status == .failed && row.lastChange?.clientID == "import")
        #expect(try fixture.cluster.psql(fixture.database, """
            SELECT old_status || '>' || new_status || ' ' || client FROM status_change WHERE delivery_id = '\(more[4].id)' ORDER BY sequence
            """) == "pending>delivered test-client\ndelivered>failed import")
    }

    @Test func aBadManifestIsReportedByItsFirstProblemAndChangesNothing() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        let deliveries = HubFixture.deliveries(count: 20)
        try hub.importManifest(at: fixture.write(deliveries))
        let position = try hub.position()
        var repeated = HubFixture.deliveries(count: 20, seed: 3)
        repeated[15].id = repeated[2].id
        for (name, manifest) in [("repeated.json", repeated)] {
            #expect(throws: ManifestError.self) { try hub.importManifest(at: fixture.write(manifest, name: name)) }
        }
        // A NUL the hub's text cannot hold is the manifest's problem, at its place.
        var nul = deliveries
        nul[9].name = "Nul\u{0}Name"
        #expect {
            try hub.importManifest(at: fixture.write(nul, name: "nul.json"))
        } throws: { error in
            (error as? ManifestError)?.exitCode == 65
        }
        #expect(try hub.position() == position)
        #expect(try snapshot(hub).rows.map(\.delivery) == deliveries)
        // The hub is still usable on the same connection.
        #expect(try hub.importManifest(at: fixture.write(repeated.filter { $0.id != repeated[2].id }, name: "fine.json")).performed)
    }

    @Test func aRepeatedIdInAFirstImportIsTheManifestsProblem() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect()
        var deliveries = HubFixture.deliveries(count: 50)
        deliveries[40].id = deliveries[1].id
        #expect(throws: ManifestError.self) { try hub.importManifest(at: fixture.write(deliveries)) }
        #expect(try snapshot(hub).rows.isEmpty && hub.position() == .start)
    }
}
