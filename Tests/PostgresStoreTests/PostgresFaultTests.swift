import Foundation
import TestSupport
import Model
import PostgresStore
import Store
import Testing

/// The server going away: at start, and in the middle of a session.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)), .serialized)
struct PostgresFaultTests {
    @Test func aServerThatIsDownAtStartIsUnavailableAndThePasswordIsNeverShown() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let database = try cluster.createDatabase()
        // A server without TLS, asked for it: said so, not as the library's code name.
        #expect {
            _ = try PostgresDeliveryStore(url: cluster.tcpURL(database: database, sslmode: "require"), environment: [:])
        } throws: { error in
            (error as? StoreError)?.reason.contains("127.0.0.1:\(cluster.port) does not offer TLS, which sslmode=require asks for") == true
        }
        try cluster.stop()
        // What the socket said, in words, where the networking library would list its attempts.
        let why = [
            cluster.tcpURL(database: database): "nothing accepts connections at 127.0.0.1:\(cluster.port); is the server running",
            cluster.socketURL(database: database): "there is no server socket \(cluster.socketDirectory)/.s.PGSQL.\(cluster.port);",
        ]
        for (url, reason) in why {
            #expect {
                _ = try PostgresDeliveryStore(url: url, environment: [:])
            } throws: { error in
                guard let error = error as? StoreError else { return false }
                return error.kind == .unavailable && error.exitCode == 69 && !error.description.contains(PostgresCluster.password)
                    && error.description.contains("cannot connect to the PostgreSQL server: " + reason)
            }
        }
    }

    @Test func aWrongPasswordIsUnavailableAndNotEchoed() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        #expect {
            _ = try PostgresDeliveryStore(url: cluster.tcpURL(database: database, password: "wrong-Pass-123"), environment: [:])
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.kind == .unavailable && !error.description.contains("wrong-Pass-123")
        }
        // The right password over TCP works.
        let store = try PostgresDeliveryStore(url: cluster.tcpURL(database: database), environment: [:])
        #expect(try store.count() == 0)
        #expect(!store.location.contains(PostgresCluster.password))
    }

    @Test func changesMadeWhileTheServerIsDownAreQueuedAndWrittenOnceWhenItIsBack() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let fixture = try PostgresFixture(cluster: cluster)
        let store = try fixture.open(client: "courier")
        var deliveries = PostgresFixture.deliveries(count: 20)
        for index in deliveries.indices { deliveries[index].status = .pending }
        try store.importManifest(at: try fixture.write(deliveries))
        let rows = try store.deliveries()
        #expect(rows.delivery(at: 3).status == .pending)

        try cluster.stop()
        // The first change after the loss may find the connection not yet known dead: it is queued either way.
        try store.setStatus(.delivered, forDeliveryID: deliveries[3].id)
        try store.setStatus(.failed, forDeliveryID: deliveries[4].id)
        try store.setStatus(.outForDelivery, forDeliveryID: deliveries[3].id)
        #expect(store.queuedChangeCount == 3)
        #expect(rows.delivery(at: 3).status == .outForDelivery)
        #expect(try store.delivery(id: deliveries[4].id)?.status == .failed)
        // Asked again (to show a change), the list is the one in memory; another cannot be read now.
        #expect(PostgresFixture.rows(try store.deliveries()).map(\.status) == PostgresFixture.rows(rows).map(\.status))
        #expect(throws: StoreError.self) { try store.search("street", status: .all) }
        #expect(throws: StoreError.self) { try store.undoLastChange() }
        var notice: String?
        for _ in 0..<100 where notice == nil {
            notice = store.connectionNotice
            if notice == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(notice?.contains("3 changes queued") == true)

        try cluster.start()
        for _ in 0..<400 where store.queuedChangeCount > 0 || store.connectionNotice != nil {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(store.queuedChangeCount == 0)
        #expect(store.connectionNotice == nil)
        #expect(try cluster.psql(fixture.database, "SELECT string_agg(delivery_id || '=' || new_status, ',' ORDER BY sequence) FROM status_change")
                == "\(deliveries[3].id)=delivered,\(deliveries[4].id)=failed,\(deliveries[3].id)=out_for_delivery")
        #expect(try store.refreshIfChangedElsewhere())
        #expect(rows.delivery(at: 3).status == .outForDelivery)
        #expect(try store.undoLastChange()?.newStatus == .delivered)
    }
}
