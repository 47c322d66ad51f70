import Foundation
import Model
import Store
import Synchronization
import TeamHub

/// A replica's first copy of its hub: the hub's rows (binary `COPY`,
/// `HubConnection.snapshot`) streamed straight into the store's importer
/// (`DeliveryStore.importSnapshot`), whose reading thread decodes them while
/// the writer appends them and builds the indexes after, in one import that
/// leaves the replica as it was if anything fails; then the replica's feed
/// position is the snapshot's.
enum ReplicaSnapshot {
    /// Copies the hub into `store` and returns the feed position it is at.
    static func copy(
        from connection: HubConnection, into store: DeliveryStore, progress: @escaping @Sendable (SnapshotProgress) -> Void
    ) throws -> HubPosition {
        // Set on the importer's reading thread, which runs the snapshot; read once the import has returned.
        let position = Mutex<HubPosition?>(nil)
        let total = Mutex(0)
        try store.importSnapshot(read: { expect, body in
            var told = false
            let reached = try connection.snapshot(progress: { _, all in
                guard !told else { return }
                told = true
                total.withLock { $0 = all }
                expect(all)
            }, row: { row in try body(row.delivery) })
            position.withLock { $0 = reached }
        }, progress: { step in
            switch step.phase {
            case .importing:
                progress(.fetching(done: step.deliveries, total: max(step.deliveries, total.withLock { $0 })))
            case .indexing:
                progress(.importing(fraction: 0.9 * step.fraction))
            case .finishing:
                progress(.importing(fraction: 0.9 + 0.1 * step.fraction))
            }
        })
        guard let reached = position.withLock({ $0 }) else {
            throw StoreError(kind: .inputOutput, path: store.url.path, reason: "the hub's snapshot ended before its feed position")
        }
        try store.setFeedPosition(reached.sequence)
        progress(.finished)
        return reached
    }
}
