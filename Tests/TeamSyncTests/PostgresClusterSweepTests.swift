import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A test run that is killed leaves its cluster running; the next run's
/// harness stops and removes it, and leaves the clusters of live runs alone.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)), .serialized)
struct PostgresClusterSweepTests {
    @Test func aClusterWhoseTestRunIsGoneIsStoppedAndRemoved() throws {
        let abandoned = try PostgresCluster()
        let live = try PostgresCluster()
        defer {
            abandoned.remove()
            live.remove()
        }
        let serverPID = try serverProcess(of: abandoned)
        #expect(isRunning(serverPID))
        // A process that has exited stands for the killed test run.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try String(gone.processIdentifier).write(
            to: abandoned.directory.appendingPathComponent("owner.pid"), atomically: true, encoding: .utf8)

        let removed = PostgresCluster.sweepAbandoned()

        #expect(removed.map(\.lastPathComponent).contains(abandoned.directory.lastPathComponent))
        #expect(!FileManager.default.fileExists(atPath: abandoned.directory.path))
        #expect(!isRunning(serverPID), "the abandoned server still runs")
        #expect(FileManager.default.fileExists(atPath: live.directory.path))
        #expect(try live.psql("postgres", "SELECT 1") == "1")
    }

    /// Whether `pid` runs (not gone, nor a zombie no one has reaped: the
    /// server's parent is whatever adopted it, which may not reap).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// The postmaster's process id, from the first line of its pid file.
    private func serverProcess(of cluster: PostgresCluster) throws -> Int32 {
        let text = try String(contentsOfFile: cluster.dataDirectory + "/postmaster.pid", encoding: .utf8)
        return try #require(text.split(separator: "\n").first.flatMap { Int32($0) })
    }
}
