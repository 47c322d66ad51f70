import Foundation
import Model
import Store
import TeamHub
import TeamSync
import TestSupport
import Testing

/// Twenty clients, each a replica with its sync engine, changing statuses of
/// the same few hundred deliveries at once for `$IDELIVERMOBILE_PG_LOAD_SECONDS`
/// (default 30) over loopback: afterwards every change made is in the hub's
/// log exactly once, each delivery's status on the hub is its last applied
/// change, and every replica equals the hub.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct TeamLoadTests {
    static let clients = 20
    static var seconds: Double {
        ProcessInfo.processInfo.environment["IDELIVERMOBILE_PG_LOAD_SECONDS"].flatMap(Double.init) ?? 30
    }

    @Test func twentyClientsChangingStatusesLoseNothing() throws {
        let team = try TeamFixture(count: 300)
        let address = try team.address()
        let clients = try (0 ..< Self.clients).map { number in
            let author = ChangeAuthor(clientID: UUID().uuidString.lowercased(), userName: "client\(number)")
            let replica = try team.replica("client-\(number)", clientID: author.clientID)
            let engine = SyncEngine(store: replica, address: address, author: author, offline: nil, whenNews: {})
            engine.start()
            return (author: author, replica: replica, engine: engine)
        }
        defer { for client in clients { client.engine.stop() } }
        let made = Shared<[String]>([])
        let failures = Shared<[String]>([])
        let deadline = Date().addingTimeInterval(Self.seconds)
        let group = DispatchGroup()
        for client in clients {
            group.enter()
            Thread {
                defer { group.leave() }
                var random = SystemRandomNumberGenerator()
                while Date() < deadline {
                    let id = team.deliveries[Int.random(in: 0 ..< team.deliveries.count, using: &random)].id
                    let status = DeliveryStatus.allCases.randomElement(using: &random) ?? .pending
                    do {
                        if let change = try client.replica.setStatus(status, forDeliveryID: id, by: client.author), let key = change.changeID {
                            made.withLock { $0.append(key) }
                        }
                        client.engine.kick()
                        // Browse as a person would: a screen's worth of rows.
                        let rows = try client.replica.deliveries()
                        let top = Int.random(in: 0 ..< rows.count, using: &random)
                        for row in top ..< min(rows.count, top + 20) { _ = rows.delivery(at: row) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }.start()
        }
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty)
        for client in clients {
            client.engine.kick()
            #expect(TeamFixture.eventually { (try? client.replica.outboxCount()) == 0 })
        }
        let changes = made.withLock { $0 }
        #expect(!changes.isEmpty)
        let logged = TeamFixture.pairs(try team.cluster.psql(team.database, """
            SELECT string_agg(change_id::text || '=' || n, ',') FROM (SELECT change_id, count(*) AS n FROM status_change GROUP BY change_id) c
            """))
        #expect(changes.allSatisfy { logged[$0] == "1" }, "every change made is on the hub exactly once")
        let lastWrites = try team.cluster.psql(team.database, """
            SELECT count(*) FROM delivery d JOIN LATERAL (
                SELECT new_status FROM status_change s WHERE s.delivery_id = d.id AND s.outcome = 'applied'
                ORDER BY sequence DESC LIMIT 1) last ON true
            WHERE last.new_status <> d.status
            """)
        #expect(lastWrites == "0")
        let hub = try team.hubStatuses()
        for client in clients {
            client.engine.kick()
            #expect(TeamFixture.eventually { (try? TeamFixture.statuses(of: client.replica)) == hub })
        }
    }
}
