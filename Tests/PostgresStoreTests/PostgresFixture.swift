import Foundation
import Manifest
import TestSupport
import ManifestGenerator
import Model
@testable import PostgresStore
import Store

/// A database of its own in the shared throwaway cluster, and manifests to import into it.
struct PostgresFixture {
    let cluster: PostgresCluster
    let database: String
    let folder: URL

    init(cluster: PostgresCluster? = nil) throws {
        self.cluster = try cluster ?? PostgresCluster.shared()
        database = try self.cluster.createDatabase()
        // Inside the cluster's folder, so that it goes when the cluster does.
        folder = self.cluster.directory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var url: String { cluster.socketURL(database: database) }

    func open(client: String? = nil) throws -> PostgresDeliveryStore {
        try PostgresDeliveryStore(
            location: PostgresLocation(url: url, environment: [:]), client: client)
    }

    /// A store reading small steps, so that lists are learnt across many of them.
    func open(
        rowsPerStep: Int, eagerLimit: Int, positionsCountedByTheServer: Int = 8192,
        wordsLookedUpByKey: Int = SearchWords.wordsLookedUpByKey
    ) throws -> PostgresDeliveryStore {
        try PostgresDeliveryStore(
            location: PostgresLocation(url: url, environment: [:]), client: nil, rowsPerStep: rowsPerStep, eagerLimit: eagerLimit,
            positionsCountedByTheServer: positionsCountedByTheServer, wordsLookedUpByKey: wordsLookedUpByKey)
    }

    /// Generated deliveries (about one in ten in Japanese, Chinese, Russian or Greek),
    /// plus ones whose texts hold every character COPY must escape, and accents.
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

    /// Every row of a source, in order.
    static func rows(_ source: any DeliverySource) -> [Delivery] {
        (0..<source.count).map(source.delivery(at:))
    }
}
