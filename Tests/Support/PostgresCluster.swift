import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster for tests: `initdb` and `pg_ctl` in a
/// temporary folder, listening on a Unix socket in that folder and on a free
/// loopback port, removed when stopped. `initdb` refuses to run as root (as CI
/// runs), so as root the server runs as the `postgres` user via `runuser`.
///
/// The superuser is `idm` with a password: Unix-socket connections are
/// trusted, loopback TCP ones must give the password (scram-sha-256). Shared
/// by the PostgreSQL store tests and the end-to-end tests.
public final class PostgresCluster: @unchecked Sendable {
    public static let user = "idm"
    public static let password = "s3cret-Test-pw"

    public let directory: URL
    public let port: Int
    private let binaries: String
    private var running = false

    /// Where `initdb` and `pg_ctl` are: `$IDELIVERMOBILE_PG_BIN`, else the newest /usr/lib/postgresql/*/bin.
    static let binaryDirectory: String? = {
        if let configured = ProcessInfo.processInfo.environment["IDELIVERMOBILE_PG_BIN"] {
            return FileManager.default.isExecutableFile(atPath: configured + "/initdb") ? configured : nil
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        return versions.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") && FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl") }
    }()

    public static var isAvailable: Bool { binaryDirectory != nil }

    /// Why the tests are skipped, when they are (for `.enabled(if:, Comment(rawValue:))`).
    public static let skipReason =
        "PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or $IDELIVERMOBILE_PG_BIN: install postgresql-15 to run the PostgreSQL store tests (.ci/run does)"

    private static var runsAsRoot: Bool { getuid() == 0 }

    /// Whether the server speaks TLS on TCP, and only TLS.
    public let tls: Bool

    /// Creates and starts a cluster. With `tls`, the server has a self-signed
    /// certificate (made with openssl in its folder) and refuses TCP clients
    /// that do not use TLS; the Unix socket stays as it is.
    public init(tls: Bool = false) throws {
        self.tls = tls
        guard let binaries = Self.binaryDirectory else { throw Problem(message: "no PostgreSQL binaries") }
        self.binaries = binaries
        Self.sweepOnce()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folderPrefix + "\(UUID().uuidString.prefix(8))")
        port = try Self.freePort()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Which process made it: a folder whose process is gone is swept (`sweepAbandoned`).
        try String(getpid()).write(to: directory.appendingPathComponent(Self.ownerFile), atomically: true, encoding: .utf8)
        let passwordFile = directory.appendingPathComponent("pw")
        try Self.password.write(to: passwordFile, atomically: true, encoding: .utf8)
        if Self.runsAsRoot { try ChildProcess.run(["chown", "-R", "postgres:postgres", directory.path], captureOutput: false) }
        try runAsServerUser([
            binaries + "/initdb", "-D", dataDirectory, "-U", Self.user, "--pwfile=\(passwordFile.path)",
            "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
        ])
        if tls { try makeCertificate() }
        try start()
    }

    /// A self-signed certificate for localhost in the data folder (where the
    /// server looks by default), and TCP clients allowed over TLS only.
    private func makeCertificate() throws {
        let key = dataDirectory + "/server.key"
        try runAsServerUser([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-keyout", key, "-out", dataDirectory + "/server.crt",
        ])
        try runAsServerUser(["chmod", "600", key])
        let rules = dataDirectory + "/pg_hba.conf"
        let hba = try String(contentsOfFile: rules, encoding: .utf8)
        let tlsOnly = hba.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("host ") ? "hostssl " + line.dropFirst("host ".count) : line
        }.joined(separator: "\n")
        try tlsOnly.write(toFile: rules, atomically: false, encoding: .utf8)
    }

    deinit {
        remove()
    }

    public var dataDirectory: String { directory.appendingPathComponent("data").path }
    /// The folder the Unix socket is in.
    public var socketDirectory: String { directory.path }
    private var logFile: String { directory.appendingPathComponent("server.log").path }

    /// A URL over the Unix socket (trusted, no password).
    public func socketURL(database: String) -> String {
        "postgresql://\(Self.user)@/\(database)?host=\(socketDirectory)&port=\(port)"
    }

    /// A URL over loopback TCP, with the password in it.
    public func tcpURL(database: String, password: String = PostgresCluster.password, sslmode: String = "disable") -> String {
        "postgresql://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=\(sslmode)"
    }

    public func start() throws {
        try runAsServerUser([
            binaries + "/pg_ctl", "-D", dataDirectory, "-l", logFile, "-w", "-t", "60",
            "-o", "-k \(socketDirectory) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=120"
                + (tls ? " -c ssl=on" : ""),
            "start",
        ])
        running = true
    }

    /// Stops the server at once (as a crash or a lost network would look to clients).
    public func stop() throws {
        try runAsServerUser([binaries + "/pg_ctl", "-D", dataDirectory, "-m", "immediate", "-w", "stop"])
        running = false
    }

    /// Creates a fresh database and returns its name.
    public func createDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try runAsServerUser([binaries + "/createdb", "-h", socketDirectory, "-p", String(port), "-U", Self.user, name])
        return name
    }

    /// Runs SQL through psql over the socket and returns its unaligned output.
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        try runAsServerUser([binaries + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                             "-h", socketDirectory, "-p", String(port), "-U", Self.user, "-d", database, "-c", sql])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server and removes its folder.
    public func remove() {
        if running { try? stop() }
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func runAsServerUser(_ arguments: [String]) throws -> String {
        let command = Self.runsAsRoot ? ["runuser", "-u", "postgres", "--"] + arguments : arguments
        do {
            return try ChildProcess.run(command)
        } catch {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)).map { "\n" + $0.suffix(2000) } ?? ""
            throw Problem(message: "\(error)\(log)")
        }
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Problem(message: "socket() failed") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Problem(message: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    public struct Problem: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    // MARK: - Clusters a killed test run left

    static let folderPrefix = "idm-pg-"
    static let ownerFile = "owner.pid"

    /// Stops and removes the clusters in `folder` whose test process is gone.
    /// Removal on exit (`deinit`, `atexit`) cannot run when a test run is
    /// killed (a timeout, a crash), and such a server would run on for good;
    /// clusters of test runs still going, in parallel, are left alone.
    /// Returns the folders removed.
    @discardableResult
    public static func sweepAbandoned(in folder: URL = FileManager.default.temporaryDirectory) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed: [URL] = []
        for name in names where name.hasPrefix(folderPrefix) {
            let cluster = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: cluster.appendingPathComponent(ownerFile), encoding: .utf8),
                  let owner = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                  owner != getpid(), kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            let data = cluster.appendingPathComponent("data").path
            if let binaries = binaryDirectory, FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
                let stop = [binaries + "/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]
                _ = try? ChildProcess.run(runsAsRoot ? ["runuser", "-u", "postgres", "--"] + stop : stop)
            }
            if (try? FileManager.default.removeItem(at: cluster)) != nil { removed.append(cluster) }
        }
        return removed
    }

    /// `sweepAbandoned` once per test process, before its first cluster.
    private static func sweepOnce() {
        sweepLock.lock()
        defer { sweepLock.unlock() }
        guard !swept else { return }
        swept = true
        sweepAbandoned()
    }

    private static let sweepLock = NSLock()
    nonisolated(unsafe) private static var swept = false

    // MARK: - One shared cluster per test run

    /// The cluster most tests share (each in a database of its own); stopped and removed at exit.
    public static func shared() throws -> PostgresCluster {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let sharedCluster { return sharedCluster }
        let started = try PostgresCluster()
        sharedCluster = started
        atexit {
            PostgresCluster.sharedLock.lock()
            PostgresCluster.sharedCluster?.remove()
            PostgresCluster.sharedLock.unlock()
        }
        return started
    }

    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?
}
