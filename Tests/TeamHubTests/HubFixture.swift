import Foundation
import Manifest
import ManifestGenerator
import Model
import TeamHub
import TestSupport

/// A database of its own in the shared throwaway cluster, and manifests to import into it.
struct HubFixture {
    let cluster: PostgresCluster
    let database: String
    let folder: URL

    init(cluster: PostgresCluster? = nil) throws {
        self.cluster = try cluster ?? PostgresCluster.shared()
        database = try self.cluster.createDatabase()
        // Inside the cluster's folder, so that it goes when the cluster does.
        folder = self.cluster.directory.appendingPathComponent("hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The owner's address, over the Unix socket.
    var url: String { cluster.socketURL(database: database) }

    /// A connection as the cluster's superuser (the hub's owner), or as `role` over the socket.
    func connect(role: String? = nil, client: String = "test-client", timeout: Duration = .seconds(10)) throws -> HubConnection {
        let url = role.map { "postgresql://\($0)@/\(database)?host=\(cluster.socketDirectory)&port=\(cluster.port)" } ?? self.url
        return try HubConnection(HubAddress(parsing: url), clientID: client, timeout: timeout)
    }

    /// Generated deliveries, plus ones whose texts hold what COPY must carry exactly.
    static func deliveries(count: Int, seed: UInt64 = 7) -> [Delivery] {
        let generator = DeliveryGenerator(seed: seed)
        var deliveries = (0..<count).map(generator.delivery(at:))
        if count >= 3 {
            deliveries[0].name = "Zoë Müller"
            deliveries[0].items = [Item(name: "Back\\slash/and\ttab", quantity: 2), Item(name: "Line\nbreak\r\u{1}", quantity: 1)]
            deliveries[1].address = Address(line1: "12 Rue de l'Église", line2: "Paris \\N 75001")
            deliveries[1].instructions = "Leave at the door \"quietly\"\nthanks\t\\."
            deliveries[2].name = "佐藤 花子"
            deliveries[2].address = Address(line1: "東京都世田谷区三軒茶屋1丁目32-6", line2: nil)
        }
        return deliveries
    }

    @discardableResult
    func write(_ deliveries: [Delivery], name: String = "manifest.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(ManifestWriter.bytes(of: deliveries)).write(to: url)
        return url
    }

    /// Makes a login role (no rights of its own) for the tests of grants.
    func makeRole(_ name: String) throws {
        try cluster.psql(database, "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(name)') THEN CREATE ROLE \(name) LOGIN; END IF; END $$")
    }
}
