import Foundation
import TestSupport
import Model
import PostgresStore
import Store
import Testing

/// Twenty clients changing statuses of the same few hundred deliveries at once,
/// each through its own connection, for `$IDELIVERMOBILE_PG_LOAD_SECONDS`
/// (default 30) over loopback: afterwards every client's view equals the
/// database, every change each client saw saved is in the log, and each
/// delivery's status is the last logged change to it (the last write won).
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresLoadTests {
    static let clients = 20
    static var seconds: Double {
        ProcessInfo.processInfo.environment["IDELIVERMOBILE_PG_LOAD_SECONDS"].flatMap(Double.init) ?? 30
    }

    @Test func twentyClientsChangingStatusesLoseNothing() throws {
        let fixture = try PostgresFixture()
        let deliveries = PostgresFixture.deliveries(count: 300)
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        let stores = try (0..<Self.clients).map { try fixture.open(client: "client-\($0)") }
        let saved = Shared([Int](repeating: 0, count: Self.clients))
        let failures = Shared<[String]>([])
        let deadline = Date().addingTimeInterval(Self.seconds)
        let group = DispatchGroup()
        for (number, store) in stores.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                var random = SystemRandomNumberGenerator()
                let rows = try? store.deliveries()
                while Date() < deadline {
                    let id = deliveries[Int.random(in: 0..<deliveries.count, using: &random)].id
                    let status = DeliveryStatus.allCases.randomElement(using: &random) ?? .pending
                    do {
                        if try store.setStatus(status, forDeliveryID: id) != nil { saved.withLock { $0[number] += 1 } }
                        // Browse as a person would: notice others' changes and read a screen's worth.
                        if try store.refreshIfChangedElsewhere(), let rows {
                            let top = Int.random(in: 0..<rows.count, using: &random)
                            for row in top..<min(rows.count, top + 20) { _ = rows.delivery(at: row) }
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }.start()
        }
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty)

        let database = try fixture.cluster.psql(fixture.database, "SELECT string_agg(id || '=' || status, ',' ORDER BY position) FROM delivery")
        let logged = try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM status_change")
        #expect(logged == String(saved.withLock { $0.reduce(0, +) }))
        #expect(saved.withLock { $0.allSatisfy { $0 > 0 } })
        let lastWrites = try fixture.cluster.psql(fixture.database, """
            SELECT count(*) FROM delivery d JOIN LATERAL (
                SELECT new_status FROM status_change s WHERE s.delivery_id = d.id ORDER BY sequence DESC LIMIT 1) last ON true
            WHERE last.new_status <> d.status
            """)
        #expect(lastWrites == "0")
        for store in stores {
            _ = try store.refreshIfChangedElsewhere()
            let view = PostgresFixture.rows(try store.deliveries()).map { "\($0.id)=\($0.status.rawValue)" }.joined(separator: ",")
            #expect(view == database)
            #expect(store.queuedChangeCount == 0)
        }
    }
}
