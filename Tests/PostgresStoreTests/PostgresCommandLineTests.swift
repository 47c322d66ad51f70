import Foundation
import TestSupport
import Testing

/// `--store postgresql://…` through the release binary (`make test` sets `IDELIVERMOBILE_BIN`).
@Suite(.enabled(if: PostgresCluster.isAvailable, PostgresCluster.skipReason),
       .enabled(if: ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] != nil, "IDELIVERMOBILE_BIN is not set (make test sets it)"))
struct PostgresCommandLineTests {
    static let binary = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] ?? "idelivermobile"

    @Test func importThenRenderAndSearchTheDatabase() throws {
        let fixture = try PostgresFixture()
        let manifest = try fixture.write(PostgresFixture.deliveries(count: 30))
        let imported = try ChildProcess.run([Self.binary, "import", manifest.path, "--store", fixture.url])
        #expect(imported.contains("Imported 30 deliveries") && imported.contains("the store now holds 30"))
        let screen = try ChildProcess.run([Self.binary, "render", "--store", fixture.url, "--size", "80x24", "--text-size", "Large"])
        #expect(screen.contains("Zoë Müller") && screen.contains("1/30"))
        let search = try ChildProcess.run([Self.binary, "render", fixture.url, "--search", "zoe mull", "--text-size", "Large"])
        #expect(search.contains("Zoë Müller") && search.contains("1/1"))
    }

    @Test func aServerThatIsNotThereExitsWith69() throws {
        let cluster = try PostgresCluster.shared()
        let url = "postgresql://idm:pw@127.0.0.1:\(cluster.port)/nowhere_\(UUID().uuidString.prefix(6))?sslmode=disable"
        #expect {
            try ChildProcess.run([Self.binary, "render", "--store", url])
        } throws: { error in
            (error as? ChildProcess.Failure)?.status == 69
        }
    }
}
