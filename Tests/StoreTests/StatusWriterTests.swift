import Foundation
import GRDB
import Synchronization
import Testing
@testable import Store

/// Status changes wait for a busy store in the background and are never lost.
@Suite struct StatusWriterTests {
    @Test func aChangeMadeWhileAnotherProcessWritesIsSavedWhenItLetsGo() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 3)
        let store = try DeliveryStore(url: url)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))

        // Another connection takes the write lock, as a long import does.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: url.path, configuration: configuration)
        try other.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") }

        let writer = StatusWriter(store: store, author: .commandLine, retryInterval: 0.01)
        writer.submit(.setStatus(.failed, deliveryID: deliveries[0].id))
        writer.submit(.undo(deliveryID: nil))
        writer.submit(.setStatus(.delivered, deliveryID: deliveries[1].id))
        #expect(writer.pendingCount == 3, "submitting returns at once")
        #expect(writer.takeOutcomes().isEmpty, "nothing can be saved yet")

        try other.inDatabase { try $0.execute(sql: "COMMIT") }
        writer.waitUntilIdle()
        let outcomes = writer.takeOutcomes()
        #expect(outcomes.map(\.request) == [.setStatus(.failed, deliveryID: deliveries[0].id), .undo(deliveryID: nil),
                                            .setStatus(.delivered, deliveryID: deliveries[1].id)], "in order")
        #expect(outcomes.allSatisfy { if case .success = $0.result { true } else { false } })
        #expect(try store.delivery(id: deliveries[0].id)?.status == deliveries[0].status, "undone")
        #expect(try store.delivery(id: deliveries[1].id)?.status == .delivered)
    }

    @Test func whoTakesTheOutcomesIsWokenWhenEachIsReady() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 3)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let found = Mutex<[[StatusWriter.Request]]>([])
        let box = Mutex<StatusWriter?>(nil)
        let writer = StatusWriter(store: store, author: .commandLine, whenDone: {
            let outcomes = box.withLock { $0 }?.takeOutcomes().map(\.request) ?? []
            found.withLock { $0.append(outcomes) }
        })
        box.withLock { $0 = writer }
        writer.submit(.setStatus(.failed, deliveryID: deliveries[0].id))
        writer.waitUntilIdle()
        writer.submit(.undo(deliveryID: nil))
        writer.waitUntilIdle()
        #expect(found.withLock { $0 } == [[.setStatus(.failed, deliveryID: deliveries[0].id)], [.undo(deliveryID: nil)]])
    }
}
