import Foundation
import Manifest
import ManifestGenerator
import Model
import TestSupport
import Testing

/// A database of its own in the shared throwaway cluster, manifests to import
/// into it, and a home for the replicas the binary keeps (never the user's).
private struct CommandLineFixture {
    let cluster: PostgresCluster
    let database: String
    let folder: URL

    init() throws {
        cluster = try PostgresCluster.shared()
        database = try cluster.createDatabase()
        folder = cluster.directory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var url: String { cluster.socketURL(database: database) }

    /// The binary's command line, with this fixture's folder as its data and settings home.
    func command(_ arguments: [String]) -> [String] {
        ["XDG_DATA_HOME=\(folder.path)/data", "XDG_CONFIG_HOME=\(folder.path)/config", PostgresCommandLineTests.binary] + arguments
    }

    /// Generated deliveries, plus ones whose texts hold what COPY must carry exactly, and accents.
    static func deliveries(count: Int, seed: UInt64 = 7) -> [Delivery] {
        let generator = DeliveryGenerator(seed: seed)
        var deliveries = (0..<count).map(generator.delivery(at:))
        if count >= 3 {
            deliveries[0].name = "Zoë Müller"
            deliveries[1].address = Address(line1: "12 Rue de l'Église", line2: "Paris \\N 75001")
            deliveries[2].name = "佐藤 花子"
        }
        return deliveries
    }

    @discardableResult
    func write(_ deliveries: [Delivery], name: String = "manifest.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(ManifestWriter.bytes(of: deliveries)).write(to: url)
        return url
    }
}

/// `--store postgresql://…` through the built binary (`make test` sets `IDELIVERMOBILE_BIN`):
/// render, export and summary read the database's replica, caught up first.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)),
       .enabled(if: ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] != nil, "IDELIVERMOBILE_BIN is not set (make test sets it)"))
struct PostgresCommandLineTests {
    static let binary = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] ?? "idelivermobile"

    @Test func importThenRenderAndSearchTheDatabase() throws {
        let fixture = try CommandLineFixture()
        let manifest = try fixture.write(CommandLineFixture.deliveries(count: 30))
        let imported = try ChildProcess.run(fixture.command(["import", manifest.path, "--store", fixture.url]))
        #expect(imported.contains("Imported 30 deliveries") && imported.contains("the hub now holds 30"), "\(imported)")
        let screen = try ChildProcess.run(fixture.command(["render", "--store", fixture.url, "--size", "80x24", "--text-size", "Large"]))
        #expect(screen.contains("Zoë Müller") && screen.contains("1/30"))
        let search = try ChildProcess.run(fixture.command(["render", fixture.url, "--search", "zoe mull", "--text-size", "Large"]))
        #expect(search.contains("Zoë Müller") && search.contains("1/1"))
        // The overview is the database's; no file is ever made under the URL's name.
        let pending = CommandLineFixture.deliveries(count: 30).filter { $0.status == .pending }.count
        #expect(screen.contains("pending \(pending) "))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: fixture.url).path))
    }

    @Test func renderOpensADeliveryByIdAndNamesTheDatabaseWhenItIsNotThere() throws {
        let fixture = try CommandLineFixture()
        let deliveries = CommandLineFixture.deliveries(count: 30)
        try ChildProcess.run(fixture.command(["import", try fixture.write(deliveries).path, "--store", fixture.url]))
        let url = fixture.cluster.tcpURL(database: fixture.database)
        // The URL as the path or as --store: the same store.
        for arguments in [["--store", url], [url]] {
            let screen = try ChildProcess.run(
                fixture.command(["render"] + arguments + ["--screen", "shipment", "--id", deliveries[25].id, "--size", "80x24"]))
            #expect(screen.contains(deliveries[25].id) && screen.contains("Shipment"), "\(screen)")
            let missing = fixture.folder.appendingPathComponent("missing.txt")
            #expect {
                try ChildProcess.run(["sh", "-c", "XDG_DATA_HOME='\(fixture.folder.path)/data' '\(Self.binary)' render " + arguments.map { "'\($0)'" }.joined(separator: " ")
                                      + " --id NOPE 2>'\(missing.path)'"])
            } throws: { error in
                (error as? ChildProcess.Failure)?.status == 65
            }
            let message = try String(contentsOf: missing, encoding: .utf8)
            #expect(message.contains("no delivery with id 'NOPE' in postgresql://") && !message.contains(PostgresCluster.password)
                    && !message.contains(FileManager.default.currentDirectoryPath + "/postgresql"), "\(message)")
        }
    }

    @Test func exportAndSummaryReadTheDatabase() throws {
        let fixture = try CommandLineFixture()
        var deliveries = CommandLineFixture.deliveries(count: 40)
        deliveries[5].window = "08:00-09:00"
        deliveries[5].status = .pending
        try ChildProcess.run(fixture.command(["import", try fixture.write(deliveries).path, "--store", fixture.url]))

        // A JSON export is the manifest back, and re-imported elsewhere exports the same bytes.
        let json = try ChildProcess.run(fixture.command(["export", "--format", "json", "--store", fixture.url]))
        #expect(try ManifestReader().read(Data(json.utf8), file: "export") == deliveries)
        let copy = fixture.cluster.socketURL(database: try fixture.cluster.createDatabase())
        let exported = fixture.folder.appendingPathComponent("export.json")
        try Data(json.utf8).write(to: exported)
        try ChildProcess.run(fixture.command(["import", exported.path, "--store", copy]))
        #expect(try ChildProcess.run(fixture.command(["export", "--format", "json", copy])) == json)

        // CSV with a search and a filter: the deliveries the search folding finds.
        let csv = try ChildProcess.run(fixture.command(["export", "--status", "pending", "--search", "Ä", "--store", fixture.url]))
        let ids = csv.split(separator: "\r\n").dropFirst().map { String($0.prefix(while: { $0 != "," })) }
        let expected = deliveries.filter { delivery in
            let text = [delivery.id, delivery.name, delivery.address.line1 + (delivery.address.line2.map { " " + $0 } ?? "")]
            return delivery.status == .pending && SearchFolding.fold(text.joined(separator: "\n")).contains("a")
        }
        #expect(!expected.isEmpty)
        #expect(ids == expected.map(\.id))

        struct Summary: Decodable {
            struct Late: Decodable { var id: String }
            var store: String
            var total: Int
            var counts: [String: Int]
            var late: [Late]
        }
        let report = try JSONDecoder().decode(Summary.self, from: Data(try ChildProcess.run(
            fixture.command(["summary", "--format", "json", "--now", "12:30", "--store", fixture.url])).utf8))
        #expect(report.total == 40 && report.store.hasPrefix("postgresql://"))
        for status in DeliveryStatus.allCases {
            let counted = try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM delivery WHERE status = '\(status.rawValue)'")
            #expect(report.counts[status.rawValue].map(String.init) == counted)
        }
        let now = try #require(TimeOfDay("12:30"))
        #expect(report.late.map(\.id) == deliveries.filter { $0.isLate(at: now) }.map(\.id))
        #expect(report.late.map(\.id).contains(deliveries[5].id))
    }

    @Test func exportAndSummaryOfADatabaseThatIsNotThereExitWith69() throws {
        let cluster = try PostgresCluster.shared()
        let url = "postgresql://idm:\(PostgresCluster.password)@127.0.0.1:\(cluster.port)/nowhere_\(UUID().uuidString.prefix(6))?sslmode=disable"
        for command in [["export", "--store", url], ["summary", url]] {
            #expect {
                try ChildProcess.run(["XDG_DATA_HOME=\(cluster.directory.path)/data", Self.binary] + command)
            } throws: { error in
                (error as? ChildProcess.Failure)?.status == 69
            }
        }
    }

    @Test func aServerThatIsNotThereExitsWith69() throws {
        let cluster = try PostgresCluster.shared()
        let url = "postgresql://idm:\(PostgresCluster.password)@127.0.0.1:\(cluster.port)/nowhere_\(UUID().uuidString.prefix(6))?sslmode=disable"
        #expect {
            try ChildProcess.run(["XDG_DATA_HOME=\(cluster.directory.path)/data", Self.binary, "render", "--store", url])
        } throws: { error in
            (error as? ChildProcess.Failure)?.status == 69
        }
    }
}
