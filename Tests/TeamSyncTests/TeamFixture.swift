import Foundation
import Manifest
import ManifestGenerator
import Model
import Store
import TeamHub
import TeamSync
import TestSupport

/// A hub of its own (a database in a throwaway cluster) holding generated
/// deliveries, and replicas of it in a temporary folder, each with a sync
/// engine, optionally reaching the hub through a `FaultProxy`.
final class TeamFixture: Sendable {
    let cluster: PostgresCluster
    let database: String
    let folder: URL
    let deliveries: [Delivery]

    /// A fixture on `cluster` (a shared one by default) whose hub holds `count` deliveries, all pending.
    init(count: Int = 60, cluster: PostgresCluster? = nil) throws {
        self.cluster = try cluster ?? PostgresCluster.shared()
        database = try self.cluster.createDatabase()
        folder = self.cluster.directory.appendingPathComponent("team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let generator = DeliveryGenerator(seed: 11)
        deliveries = (0 ..< count).map { index in
            var delivery = generator.delivery(at: index)
            delivery.status = .pending
            return delivery
        }
        let manifest = folder.appendingPathComponent("manifest.json")
        try Data(ManifestWriter.bytes(of: deliveries)).write(to: manifest)
        let owner = try connect()
        defer { owner.close() }
        try owner.importManifest(at: manifest)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The hub's address over the Unix socket (the owner), or over TCP on `port` (a proxy's).
    func address(port: Int? = nil) throws -> HubAddress {
        guard let port else { return try HubAddress(parsing: cluster.socketURL(database: database)) }
        return try HubAddress(parsing:
            "postgresql://\(PostgresCluster.user):\(PostgresCluster.password)@127.0.0.1:\(port)/\(database)?sslmode=disable")
    }

    /// A connection to the hub as the owner, as client `client`.
    func connect(client: String = "dispatch-client", timeout: Duration = .seconds(10)) throws -> HubConnection {
        try HubConnection(try address(), clientID: client, timeout: timeout)
    }

    /// A replica of the hub named `name`, opened (first snapshot included) through `port` when given.
    func replica(_ name: String, port: Int? = nil, clientID: String) throws -> DeliveryStore {
        let url = folder.appendingPathComponent("\(name).sqlite")
        return try ReplicaSetup.open(
            try address(port: port), replica: url, clientID: clientID, timeout: .seconds(2), catchUp: false, progress: { _ in }
        ).store
    }

    /// The hub's statuses by id.
    func hubStatuses() throws -> [String: String] {
        let text = try cluster.psql(database, "SELECT string_agg(id || '=' || status, ',' ORDER BY id) FROM delivery")
        return Self.pairs(text)
    }

    /// A replica's statuses by id.
    static func statuses(of store: DeliveryStore) throws -> [String: String] {
        var result: [String: String] = [:]
        try store.forEachDelivery { result[$0.id] = $0.status.rawValue }
        return result
    }

    static func pairs(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// Waits (bounded, 20 s) until `condition` holds; false when it never did.
    static func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }
}
