import Foundation
import Model
import TeamHub
#if canImport(Glibc)
import Glibc
#endif

// The hub's part of `make bench`: a throwaway PostgreSQL cluster (fsync off,
// as the tests start theirs, Unix socket), then for each count a new database
// and: `idelivermobile import` of the generated manifest timed as a whole
// process (the ≤ 10 s goal at 10^6), a snapshot read through TeamHub as a
// replica's first sync reads it (every row decoded), the same manifest again
// (unchanged by its SHA-256), and 10^4 status changes through the intake
// followed by one catch-up of them.

/// A PostgreSQL cluster in `folder`, made once and started for the run; as root the server runs as `postgres`.
struct BenchCluster {
    let folder: URL
    let port: Int
    let binaries: String
    static let user = "idm"

    init(folder: URL) throws {
        let root = "/usr/lib/postgresql"
        guard let version = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).max() else {
            throw BenchFailure("no PostgreSQL server binaries under \(root) (install postgresql-15)")
        }
        binaries = "\(root)/\(version)/bin"
        self.folder = folder
        port = 54_000 + Int(getpid() % 1000)
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("data/PG_VERSION").path) {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if getuid() == 0 { try run(["/bin/chown", "-R", "postgres:postgres", folder.path], asServer: false) }
            try run([binaries + "/initdb", "-D", data, "-U", Self.user, "--auth-local=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
        }
        try run([binaries + "/pg_ctl", "-D", data, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
                 "-k \(folder.path) -p \(port) -c listen_addresses='' -c fsync=off -c full_page_writes=off", "start"])
    }

    private var data: String { folder.appendingPathComponent("data").path }

    func url(_ database: String) -> String { "postgresql://\(Self.user)@/\(database)?host=\(folder.path)&port=\(port)" }

    /// A new, empty database of that name.
    func recreate(_ database: String) throws {
        try run([binaries + "/dropdb", "--if-exists", "-h", folder.path, "-p", String(port), "-U", Self.user, database])
        try run([binaries + "/createdb", "-h", folder.path, "-p", String(port), "-U", Self.user, database])
    }

    func stop() {
        try? run([binaries + "/pg_ctl", "-D", data, "-m", "fast", "-w", "stop"])
    }

    private func run(_ arguments: [String], asServer: Bool = true) throws {
        _ = try runMeasured(asServer && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments)
    }
}

/// The hub's figures for one count, as table rows.
func hubTimings(counts: [Int], manifest: (Int) throws -> URL, cluster: BenchCluster,
                importing: (_ manifest: URL, _ url: String) throws -> Usage) throws -> [String] {
    var rows: [String] = []
    for count in counts {
        let database = "bench_\(count)"
        try cluster.recreate(database)
        let file = try manifest(count)
        let url = cluster.url(database)
        let imported = try importing(file, url)

        let hub = try HubConnection(HubAddress(parsing: url), clientID: "bench", timeout: .seconds(120))
        var rowsRead = 0
        var started = Date()
        let position = try hub.snapshot(progress: { _, _ in }) { row in rowsRead += row.delivery.id.isEmpty ? 0 : 1 }
        let snapshot = Date().timeIntervalSince(started)
        guard rowsRead == count, position.sequence == Int64(count) else { throw BenchFailure("the snapshot read \(rowsRead) rows") }

        let again = try importing(file, url)

        // 10^4 status changes (or one per delivery when fewer), then one catch-up of all of them.
        let changes = min(10_000, count)
        var ids: [String] = []
        var statuses: [DeliveryStatus] = []
        _ = try hub.snapshot(progress: { _, _ in }) { row in
            if ids.count < changes {
                ids.append(row.delivery.id)
                statuses.append(row.delivery.status)
            }
        }
        started = Date()
        for (id, status) in zip(ids, statuses) {
            let next: DeliveryStatus = status == .delivered ? .failed : .delivered
            guard case .applied = try hub.submit(HubChange(changeID: UUID(), deliveryID: id, basedOn: status, status: next, madeAt: Date())) else {
                throw BenchFailure("a status change was not applied")
            }
        }
        let submitted = Date().timeIntervalSince(started)
        started = Date()
        let caughtUp = try hub.changes(since: position, limit: changes + 1)
        let catchUp = Date().timeIntervalSince(started)
        guard caughtUp.rows.count == changes else { throw BenchFailure("the catch-up read \(caughtUp.rows.count) rows") }
        hub.close()

        rows.append(String(format: "| %@ | %.2f | %.2f | %.0f | %.2f (%.0f rows/s) | %.2f | %d in %.2f (%.0f/s) | %.2f | %@ |",
                           countName(count), imported.wall, imported.cpu, Double(imported.maxRSSKiB) / 1024, snapshot, Double(count) / snapshot,
                           again.wall, changes, submitted, Double(changes) / submitted, catchUp,
                           count >= 1_000_000 ? (imported.wall <= 10 ? "met" : "not met") : "(set at 10^6)"))
        print("N = \(countName(count)): hub timed")
    }
    return rows
}
