import Foundation
import PostgresStore
import Store
import TestSupport
import Testing

/// `sslmode` against a throwaway server with a self-signed certificate that
/// takes TCP clients over TLS only, and against one without TLS.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresTLSTests {
    private static func isUnavailable(_ error: any Error) -> Bool {
        guard let error = error as? StoreError else { return false }
        return error.kind == .unavailable && error.exitCode == 69 && !error.description.contains(PostgresCluster.password)
    }

    @Test func requireEncryptsAndTheOtherModesAreHonoured() throws {
        let cluster = try PostgresCluster(tls: true)
        defer { cluster.remove() }
        let fixture = try PostgresFixture(cluster: cluster)
        let store = try PostgresDeliveryStore(url: cluster.tcpURL(database: fixture.database, sslmode: "require"), environment: [:])
        let deliveries = PostgresFixture.deliveries(count: 12)
        try store.importManifest(at: try fixture.write(deliveries))
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        // The server sees the store's connection encrypted.
        #expect(try cluster.psql(fixture.database, """
            SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
            WHERE a.application_name = 'idelivermobile'
            """) == "t")
        // This server takes no TCP client in the clear.
        #expect(throws: (any Error).self) {
            _ = try PostgresDeliveryStore(url: cluster.tcpURL(database: fixture.database, sslmode: "disable"), environment: [:])
        }
        // verify-full checks the certificate: a self-signed one is refused.
        #expect {
            _ = try PostgresDeliveryStore(url: cluster.tcpURL(database: fixture.database, sslmode: "verify-full"), environment: [:])
        } throws: { Self.isUnavailable($0) }
    }

    @Test func requireRefusesAServerWithoutTLS() throws {
        let plain = try PostgresCluster.shared()
        let database = try plain.createDatabase()
        #expect {
            _ = try PostgresDeliveryStore(url: plain.tcpURL(database: database, sslmode: "require"), environment: [:])
        } throws: { Self.isUnavailable($0) }
        // prefer falls back to the clear, as libpq's does.
        let store = try PostgresDeliveryStore(url: plain.tcpURL(database: database, sslmode: "prefer"), environment: [:])
        #expect(try store.count() == 0)
    }
}
