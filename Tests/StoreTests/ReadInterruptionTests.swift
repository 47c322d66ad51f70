import Foundation
import GRDB
import Model
import Synchronization
import Testing
@testable import Store

/// A store read stopped by its `ReadInterruption`: the statement under way,
/// one started after the call, and a worker's read superseded by a newer
/// request; the store reads on afterwards as if nothing happened. Ordered
/// by semaphores inside SQLite's own steps, never by time.
@Suite struct ReadInterruptionTests {
    /// Ten million rows counted: seconds, were it not stopped.
    static let longCount = "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT %@ UNION ALL SELECT x + 1 FROM c WHERE x < 10000000) SELECT x FROM c)"

    /// Holds a statement inside its first row until the test has interrupted it.
    private final class Hold: Sendable {
        let reached = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        /// `hold()` in SQL: says the statement runs, then waits.
        func install(on db: Database) {
            db.add(function: DatabaseFunction("hold", argumentCount: 0, pure: false) { _ in
                self.reached.signal()
                self.release.wait()
                return 1
            })
        }
    }

    private static func isInterruption(_ error: any Error) -> Bool {
        guard let error = error as? StoreError else { return false }
        return error.kind == .inputOutput && error.reason.contains("interrupted")
    }

    private func storeWithDeliveries(in folder: URL) throws -> (DeliveryStore, [Delivery]) {
        let deliveries = SampleManifest.deliveries(count: 20)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        return (store, deliveries)
    }

    @Test func theStatementUnderWayStopsAndTheStoreReadsOnAfterwards() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, deliveries) = try storeWithDeliveries(in: folder)
        let failedBefore = try store.search("", status: .failed).count
        let interruption = ReadInterruption()
        let hold = Hold()
        DispatchQueue.global().async {
            hold.reached.wait()
            interruption.interrupt()
            hold.release.signal()
        }
        let outcome: Result<Int?, any Error> = ReadInterruption.$current.withValue(interruption) {
            Result {
                try store.database.read { db in
                    hold.install(on: db)
                    return try Int.fetchOne(db, sql: String(format: Self.longCount, "hold()"))
                }
            }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("the count ran to its end: \(outcome)")
            return
        }
        #expect(Self.isInterruption(error), "\(error)")
        // No transaction left open on the connection: a later read sees a later write.
        let pending = try #require(deliveries.first { $0.status != .failed })
        try store.setStatus(.failed, forDeliveryID: pending.id)
        #expect(try store.delivery(id: pending.id)?.status == .failed)
        #expect(try store.search("", status: .failed).count == failedBefore + 1)
    }

    @Test func aStatementStartedAfterTheInterruptionStopsToo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, _) = try storeWithDeliveries(in: folder)
        let interruption = ReadInterruption()
        let (first, second) = ReadInterruption.$current.withValue(interruption) {
            var first: Int?
            let second = Result {
                try store.database.read { db in
                    first = try Int.fetchOne(db, sql: "SELECT count(*) FROM delivery")
                    // Between two statements: sqlite3_interrupt alone would be forgotten here.
                    interruption.interrupt()
                    return try Int.fetchOne(db, sql: String(format: Self.longCount, "1"))
                }
            }
            return (first, second)
        }
        #expect(first == 20)
        guard case .failure(let error) = second else {
            Issue.record("the count ran to its end: \(second)")
            return
        }
        #expect(Self.isInterruption(error), "\(error)")
        // A read once interrupted stays so; one without the interruption is untouched.
        #expect(throws: StoreError.self) {
            try ReadInterruption.$current.withValue(interruption) { try store.count() }
        }
        #expect(try store.count() == 20)
    }

    @Test func aWorkersReadSupersededByANewerRequestStopsAndItsAnswerIsDropped() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, _) = try storeWithDeliveries(in: folder)
        let hold = Hold()
        let outcomes = Mutex<[Int: String]>([:])
        let worker = LatestRequestWorker<Int, Result<Int?, StoreError>>(label: "test") { request in
            do throws(StoreError) {
                let counted = try store.database.read { db in
                    // Only the first request waits inside its statement.
                    if request == 1 { hold.install(on: db) }
                    return try Int.fetchOne(db, sql: String(format: Self.longCount, request == 1 ? "hold()" : "9999990"))
                }
                outcomes.withLock { $0[request] = "counted \(counted ?? -1)" }
                return .success(counted)
            } catch {
                outcomes.withLock { $0[request] = Self.isInterruption(error) ? "interrupted" : "\(error)" }
                return .failure(error)
            }
        }
        worker.submit(1)
        hold.reached.wait()
        // The newer request interrupts the first before the first goes on.
        worker.submit(2)
        hold.release.signal()
        worker.waitUntilIdle()
        #expect(outcomes.withLock { $0 } == [1: "interrupted", 2: "counted 11"], "the second read is its own, not interrupted")
        let answers = worker.takeAnswers()
        #expect(answers.map(\.request) == [2], "the interrupted read is never an answer")
    }
}
