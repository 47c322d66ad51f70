import Foundation
import TestSupport
import Testing

/// `import --store URL` and `grant` through the built binary (`make test` sets `IDELIVERMOBILE_BIN`), and every
/// command's reading of a database address: what libpq cannot read is a usage error, never a file or another database.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)),
       .enabled(if: ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] != nil, "IDELIVERMOBILE_BIN is not set (make test sets it)"))
struct HubCommandLineTests {
    static let binary = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"] ?? "idelivermobile"

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the binary with `arguments` in `directory`, returning its exit status, standard output and standard error.
    private func run(_ arguments: [String], in directory: URL) throws -> Run {
        let out = directory.appendingPathComponent(".out-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let quoted = ([Self.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var status: Int32 = 0
        do {
            try ChildProcess.run(["sh", "-c", "cd '\(directory.path)' && \(quoted) >'\(out.path)' 2>'\(err.path)'"], captureOutput: false)
        } catch let failure as ChildProcess.Failure {
            status = failure.status
        }
        return Run(status: status, output: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   errors: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// An empty folder to run in, so that any file a command made would show.
    private func emptyFolder(_ fixture: HubFixture) throws -> URL {
        let folder = fixture.folder.appendingPathComponent("cwd-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func addressesLibpqCannotReadAreUsageErrorsNamingTheProblemAndMakeNoFile() throws {
        let fixture = try HubFixture()
        let manifest = try fixture.write(HubFixture.deliveries(count: 3))
        let socket = "host=\(fixture.cluster.socketDirectory)&port=\(fixture.cluster.port)"
        let cases: [(url: String, says: String)] = [
            ("postgresql:/\(fixture.database)", "one slash"),
            ("postgres:\(fixture.database)", "0 slashes"),
            ("postgresql://idm@/te%ZZam?\(socket)", "percent"),
            ("postgresql://idm@/\(fixture.database)?\(socket)&colour=blue", "colour"),
            ("POSTGRESQL://idm@/\(fixture.database)?\(socket)", "lower case"),
            ("postgresql://idm@/\(fixture.database)?\(socket)&sslmode=sometimes", "sslmode"),
        ]
        for (url, says) in cases {
            for command in [["import", manifest.path, "--store", url], ["export", "--store", url], ["summary", url],
                            ["render", "--store", url], ["grant", "courier", "--store", url]] {
                let folder = try emptyFolder(fixture)
                let result = try run(command, in: folder)
                #expect(result.status == 64, "\(command): \(result.errors)")
                #expect(result.errors.contains(says), "\(command): \(result.errors)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.isEmpty,
                        "\(command) made a file")
            }
        }
        // Nothing reached the database.
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    @Test func importReportsWhatReallyChangedAndSameBytesAreUnchanged() throws {
        let fixture = try HubFixture()
        let folder = try emptyFolder(fixture)
        var deliveries = HubFixture.deliveries(count: 30)
        let manifest = try fixture.write(deliveries)
        let first = try run(["import", manifest.path, "--store", fixture.url], in: folder)
        #expect(first.status == 0 && first.output.contains("Imported 30 deliveries") && first.output.contains("(30 new, 0 changed, 0 unchanged)")
                && first.output.contains("the hub now holds 30"), "\(first)")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: manifest.path)
        let touched = try run(["import", manifest.path, "--store", fixture.url], in: folder)
        #expect(touched.status == 0 && touched.output.contains("unchanged since the last import"), "\(touched)")
        deliveries[12].address.line1 = "1 New Street"
        deliveries.append(HubFixture.deliveries(count: 31, seed: 5)[30])
        deliveries[30].id = "DLV-EXTRA"
        try fixture.write(deliveries)
        let changed = try run(["import", manifest.path, "--store", fixture.url], in: folder)
        #expect(changed.status == 0 && changed.output.contains("(1 new, 1 changed, 29 unchanged)"), "\(changed)")
    }

    @Test func aPasswordInTheURLWorksAndIsWarnedAboutOnceAndNeverPrinted() throws {
        let fixture = try HubFixture()
        let folder = try emptyFolder(fixture)
        let manifest = try fixture.write(HubFixture.deliveries(count: 5))
        let url = fixture.cluster.tcpURL(database: fixture.database)
        let result = try run(["import", manifest.path, "--store", url], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.errors.components(separatedBy: "warning: the password in").count == 2, "\(result.errors)")
        #expect(result.errors.contains("PGPASSWORD") && result.errors.contains(".pgpass"))
        #expect(!(result.output + result.errors).contains(PostgresCluster.password))
    }

    @Test func libpqsErrorsAreSaidInWordsWithTheirExitCodes() throws {
        let fixture = try HubFixture()
        let folder = try emptyFolder(fixture)
        let manifest = try fixture.write(HubFixture.deliveries(count: 5))
        let port = fixture.cluster.port
        let cases: [(url: String, status: Int32, says: String)] = [
            ("postgresql://idm:wrong-pw@127.0.0.1:\(port)/\(fixture.database)?sslmode=disable", 77, "password authentication failed"),
            ("postgresql://idm@127.0.0.1:\(port)/\(fixture.database)?sslmode=disable&passfile=/nonexistent",
             77, "asks for a password and none was given"),
            ("postgresql://idm@/nowhere_\(UUID().uuidString.prefix(6).lowercased())?host=\(fixture.cluster.socketDirectory)&port=\(port)",
             69, "does not exist"),
            ("postgresql://idm@/x?host=\(fixture.cluster.socketDirectory)&port=1", 69, "No such file"),
        ]
        for (url, status, says) in cases {
            let result = try run(["import", manifest.path, "--store", url], in: folder)
            #expect(result.status == status && result.errors.contains(says), "\(url): \(result)")
            #expect(!result.errors.contains("wrong-pw") && !result.errors.contains("fe_sendauth"), "\(result.errors)")
        }
    }

    @Test func grantMakesACourierRoleAndSaysWhatIsWrong() throws {
        let fixture = try HubFixture()
        let folder = try emptyFolder(fixture)
        let role = "courier_" + UUID().uuidString.prefix(8).lowercased()
        try fixture.makeRole(role)
        try fixture.cluster.psql(fixture.database, "SELECT 1")
        let granted = try run(["grant", role, "--store", fixture.url], in: folder)
        #expect(granted.status == 0 && granted.output.contains("Granted \(role)"), "\(granted)")
        let missing = try run(["grant", "nobody_here", "--store", fixture.url], in: folder)
        #expect(missing.status == 67 && missing.errors.contains("no role nobody_here"), "\(missing)")
        let notAURL = try run(["grant", role, "--store", "deliveries.sqlite"], in: folder)
        #expect(notAURL.status == 64, "\(notAURL)")
    }
}
