import Foundation
import Manifest
import Model
import TestSupport
import Testing

/// `--store postgresql://…` through the built binary (`make test` sets `IDELIVERMOBILE_BIN`): a server that is not
/// there. (Importing into the hub is `HubCommandLineTests`'; reading it, the replica's.)
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)),
       .enabled(if: ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] != nil, "IDELIVERMOBILE_BIN is not set (make test sets it)"))
struct PostgresCommandLineTests {
    static let binary = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] ?? "idelivermobile"

    @Test func exportAndSummaryOfADatabaseThatIsNotThereExitWith69() throws {
        let cluster = try PostgresCluster.shared()
        let url = "postgresql://idm:pw@127.0.0.1:\(cluster.port)/nowhere_\(UUID().uuidString.prefix(6))?sslmode=disable"
        for command in [["export", "--store", url], ["summary", url]] {
            #expect {
                try ChildProcess.run([Self.binary] + command)
            } throws: { error in
                (error as? ChildProcess.Failure)?.status == 69
            }
        }
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
