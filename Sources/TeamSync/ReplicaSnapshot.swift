import Foundation
import Manifest
import Store
import TeamHub

/// A replica's first copy of its hub: the hub's rows streamed (binary
/// `COPY`, `HubConnection.snapshot`) into a private manifest file beside the
/// replica, then imported by the store's own importer, which indexes a
/// million rows in one pass and leaves the replica as it was if anything
/// fails; then the replica's feed position is the snapshot's.
enum ReplicaSnapshot {
    /// Copies the hub into `store` and returns the feed position it is at.
    static func copy(
        from connection: HubConnection, into store: DeliveryStore, progress: @escaping @Sendable (SnapshotProgress) -> Void
    ) throws -> HubPosition {
        let file = store.url.deletingLastPathComponent()
            .appendingPathComponent("." + store.url.lastPathComponent + ".snapshot-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(kind: .cannotCreate, path: file.path, reason: "cannot write the hub's snapshot (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var writer = ManifestWriter()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        writer.begin(&bytes)
        let position = try connection.snapshot(progress: { done, total in
            progress(.fetching(done: done, total: total))
        }, row: { row in
            writer.append(row.delivery, to: &bytes)
            if bytes.count >= 1 << 20 {
                try handle.write(contentsOf: bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        })
        writer.end(&bytes)
        try handle.write(contentsOf: bytes)
        try handle.close()
        try store.importManifest(at: file, progress: { step in
            let share: (Double, Double) = switch step.phase {
            case .importing: (0, 0.6)
            case .indexing: (0.6, 0.35)
            case .finishing: (0.95, 0.05)
            }
            progress(.importing(fraction: share.0 + share.1 * step.fraction))
        })
        try store.setFeedPosition(position.sequence)
        progress(.finished)
        return position
    }
}
