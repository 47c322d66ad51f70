import Foundation
import GRDB
import Model
import TestSupport
import Testing
@testable import Store

@Suite struct ConcurrentWriterTests {
    /// Another browser's change before this one first asks is a change too:
    /// the version compared with is the one the store was opened at.
    @Test func aChangeElsewhereBeforeTheFirstLookIsSeen() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 5)
        try DeliveryStore(url: url).importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let first = try DeliveryStore(url: url)
        let second = try DeliveryStore(url: url)
        try second.setStatus(.failed, forDeliveryID: deliveries[0].id)
        #expect(try first.refreshIfChangedElsewhere())
        #expect(try first.refreshIfChangedElsewhere() == false)
    }

    @Test func twoStoresOnOneFileKeepEachOthersChanges() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 400)
        let first = try DeliveryStore(url: url)
        try first.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let second = try DeliveryStore(url: url)
        let firstSource = try first.deliveries()
        _ = firstSource.delivery(at: 399)
        #expect(try first.refreshIfChangedElsewhere() == false)

        let stores = [first, second]
        let failures = Shared<[String]>([])
        // Each store changes its own half of the deliveries, both at once.
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in stride(from: writer, to: 400, by: 2) {
                do {
                    try stores[writer].setStatus(writer == 0 ? .delivered : .failed, forDeliveryID: deliveries[index].id)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try first.refreshIfChangedElsewhere())
        for store in stores {
            let source = try store.deliveries()
            for index in 0..<400 {
                let expected: DeliveryStatus = index % 2 == 0 ? .delivered : .failed
                if deliveries[index].status != expected {
                    #expect(source.delivery(at: index).status == expected)
                }
            }
        }
        // The first store's old source dropped its pages when it saw the other's commits.
        #expect(firstSource.delivery(at: 399).status == .failed)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func killingAWriterMidTransactionLeavesTheStoreAsItWas() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 200)
        let store = try DeliveryStore(url: url)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        try store.setStatus(.failed, forDeliveryID: deliveries[0].id)
        let before = (0..<200).map(try store.deliveries().delivery(at:))

        // A writer that changes every row, then keeps its transaction open writing more until it is killed.
        // (Not the names: their search folding is a function only this program's connections have.)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        writer.arguments = [url.path, """
            PRAGMA busy_timeout = 5000;
            BEGIN IMMEDIATE;
            UPDATE delivery SET status = 'delivered', phone = 'overwritten';
            CREATE TABLE scratch(x);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 100000000)
            INSERT INTO scratch SELECT randomblob(100) FROM n;
            COMMIT;
            """]
        try writer.run()
        // Wait until the writer has pages in the WAL, i.e. is mid-write.
        let wal = url.path + "-wal"
        var walSize = 0
        while writer.isRunning, walSize < 4_000_000 {
            walSize = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? NSNumber)?.intValue ?? 0
            usleep(10_000)
        }
        #expect(writer.isRunning)
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()

        let reopened = try DeliveryStore(url: url)
        #expect((0..<200).map(try reopened.deliveries().delivery(at:)) == before)
        let check = try DatabaseQueue(path: url.path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
        #expect(try reopened.setStatus(.pending, forDeliveryID: deliveries[0].id) != nil)
    }
}
