import Foundation
import TestSupport
import Model
@testable import PostgresStore
import Store
import Synchronization
import Testing

/// A server that stops answering without closing the connection (a network
/// gone quiet, a stopped process): stood in for by stopping the connection's
/// server process with SIGSTOP, which leaves the socket open and unanswered.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)), .serialized)
struct PostgresSilenceTests {
    @Test func aReadGetsNoAnswerInItsPatienceAndTheStoreReconnectsAndWritesTheChangeThatWaited() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try PostgresFixture(cluster: cluster)
        let deliveries = Self.pending(400)
        try fixture.open().importManifest(at: try fixture.write(deliveries))
        let store = try Self.impatientStore(fixture)
        defer { store.close() }
        let rows = try store.deliveries()
        #expect(rows.delivery(at: 0).id == deliveries[0].id)
        var stopped = try Self.stopServerProcesses(of: fixture)
        defer { Self.resume(stopped) }

        // A page not read yet: the read ends when its patience does, and says why.
        let read = try Self.within(.seconds(30)) { rows.delivery(at: 300) }
        #expect(read.id.isEmpty)
        #expect(read.address.line1.contains("no answer within 0.5 s"))
        // The link was given up and is made again (only the old server process is stopped).
        try Self.waitUntil { store.connectionNotice == nil && (try? store.count()) == deliveries.count }
        #expect(try store.deliveries().delivery(at: 300).id == deliveries[300].id)

        // A status change sent into the silence: the next read waits for the
        // link no longer than its patience, gives the connection up, and that frees the change, which is queued.
        stopped += try Self.stopServerProcesses(of: fixture)
        let change = Mutex<Result<StatusChange?, StoreError>?>(nil)
        let writer = Thread {
            let result = Result { () throws(StoreError) in try store.setStatus(.delivered, forDeliveryID: deliveries[7].id) }
            change.withLock { $0 = result }
        }
        writer.start()
        Thread.sleep(forTimeInterval: 0.2)
        let waited = try Self.within(.seconds(30)) { try? store.row(ofDeliveryID: deliveries[9].id) }
        #expect(waited == nil)
        try Self.waitUntil { change.withLock { $0 } != nil }
        #expect(store.queuedChangeCount <= 1)
        try Self.waitUntil { store.queuedChangeCount == 0 && store.connectionNotice == nil }

        // Once the stopped processes go on, they find their connections closed: the change is in the log once.
        Self.resume(stopped)
        stopped = []
        try Self.waitUntil {
            (try? cluster.psql(fixture.database, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")) == "1"
        }
        #expect(try cluster.psql(fixture.database, "SELECT string_agg(delivery_id || '=' || new_status, ',') FROM status_change")
                == "\(deliveries[7].id)=delivered")
        #expect(try store.delivery(id: deliveries[7].id)?.status == .delivered)
    }

    @Test func anIdleBrowsersConnectionThatDiedQuietlyIsFoundAndItsListCatchesUpOnAnothersChange() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try PostgresFixture(cluster: cluster)
        let deliveries = Self.pending(50)
        let dispatcher = try fixture.open(client: "dispatcher")
        try dispatcher.importManifest(at: try fixture.write(deliveries))
        let idle = try Self.impatientStore(fixture)
        defer { idle.close() }
        #expect(try idle.deliveries().delivery(at: 5).status == .pending)
        // Only the idle browser's server process goes quiet; it was listening for changes.
        let pid = try #require(try idle.read("SELECT pg_backend_pid()").first?.decode(Int32.self))
        kill(pid_t(pid), SIGSTOP)
        defer { kill(pid_t(pid), SIGCONT) }

        try dispatcher.setStatus(.delivered, forDeliveryID: deliveries[5].id)
        // Nobody reads through the idle link: its heartbeat finds the silence, and the link made again says the list is to be read again.
        try Self.waitUntil { (try? idle.refreshIfChangedElsewhere()) == true }
        #expect(try idle.deliveries().delivery(at: 5).status == .delivered)
        #expect(idle.connectionNotice == nil)
    }

    /// Generated deliveries, every one pending.
    static func pending(_ count: Int) -> [Delivery] {
        PostgresFixture.deliveries(count: count).map { delivery in
            var pending = delivery
            pending.status = .pending
            return pending
        }
    }

    /// A courier's store that waits half a second for an answer (a browser
    /// waits 5 s, a change 30 s) and asks an idle server every 0.3 s (a browser every 10 s).
    static func impatientStore(_ fixture: PostgresFixture) throws -> PostgresDeliveryStore {
        try PostgresDeliveryStore(
            location: PostgresLocation(url: fixture.url, environment: [:]), client: "courier", rowsPerStep: 64, eagerLimit: 64,
            readPatience: .milliseconds(500), writePatience: .milliseconds(500), heartbeat: .milliseconds(300))
    }

    /// Stops the server processes serving `fixture`'s database to anyone but `psql`, and returns them.
    static func stopServerProcesses(of fixture: PostgresFixture) throws -> [pid_t] {
        let pids = try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(pid::text, ' ') FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'idelivermobile'
            """).split(separator: " ").compactMap { pid_t($0) }
        #expect(!pids.isEmpty)
        for pid in pids { kill(pid, SIGSTOP) }
        return pids
    }

    static func resume(_ pids: [pid_t]) {
        for pid in pids { kill(pid, SIGCONT) }
    }

    /// `body`'s value, run on a thread of its own; a failure rather than a test that hangs when it takes longer than `limit`.
    static func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () -> T) throws -> T {
        let outcome = Mutex<T?>(nil)
        Thread {
            let value = body()
            outcome.withLock { $0 = value }
        }.start()
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if let value = outcome.withLock({ $0 }) { return value }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Stuck()
    }

    static func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<1500 {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Stuck()
    }

    struct Stuck: Error {}
}
