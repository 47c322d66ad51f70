import Foundation
import Store
import TeamHub

/// Opens a team database's replica before the screens (or `export`,
/// `summary`, `render`) read it: on the first start a snapshot of the hub
/// with a progress bar; later, the replica as it is, brought up to date
/// when the hub answers (`catchUp`). A replica of another hub (or of one
/// made anew: another identity) is copied afresh, keeping its outbox.
public enum ReplicaSetup {
    /// The replica, and why it shows the last synced state when the hub did not answer (nil: it is current).
    public struct Opened: Sendable {
        public let store: DeliveryStore
        public let offline: String?
    }

    /// Opens the replica at `url` of the hub at `address`, as `clientID`.
    /// With `catchUp`, a replica that exists is also brought up to date (the
    /// hub's changes taken) when the hub answers; its outbox is left to the
    /// next browser, which sends it as its makers'.
    /// Throws `HubError` when the hub cannot be reached and there is no
    /// replica yet, or refuses us; `StoreError` for the replica's file.
    public static func open(
        _ address: HubAddress, replica url: URL, clientID: String, timeout: Duration, catchUp: Bool,
        progress: @escaping @Sendable (SnapshotProgress) -> Void
    ) throws -> Opened {
        // No replica yet: nothing is made on disk until the hub has answered.
        let existing = FileManager.default.fileExists(atPath: url.path) ? try DeliveryStore(url: url) : nil
        let state = try existing?.replicaState()
        let connection: HubConnection
        switch Self.connect(address, clientID: clientID, timeout: timeout) {
        case .success(let opened):
            connection = opened
        case .failure(let error) where error.kind == .unreachable || error.kind == .timedOut:
            guard let existing, state?.position != nil else {
                existing?.close()
                throw HubError(error.kind, error.message + "; there is no replica of it here yet (\(url.path)), so there is nothing to show until it answers")
            }
            return Opened(store: existing, offline: error.message)
        case .failure(let error):
            existing?.close()
            throw error
        }
        var store: DeliveryStore
        if let existing {
            store = existing
        } else {
            try ReplicaLocation.prepare(url)
            store = try DeliveryStore(url: url)
        }
        defer { connection.close() }
        let hub = connection.identity.uuidString.lowercased()
        if let state, state.hub != hub {
            // Another hub, or this one made anew: copied afresh; what waits to be sent is kept.
            let waiting = try store.outbox()
            store.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            try ReplicaLocation.prepare(url)
            store = try DeliveryStore(url: url)
            try store.becomeReplica(of: hub, address: address.redacted)
            _ = try ReplicaSnapshot.copy(from: connection, into: store, progress: progress)
            try store.requeue(waiting)
        } else if state?.position == nil {
            if state == nil { try store.becomeReplica(of: hub, address: address.redacted) }
            _ = try ReplicaSnapshot.copy(from: connection, into: store, progress: progress)
        }
        if catchUp {
            let exchange = HubExchange(store: store, connection: connection, connectedAt: Date())
            do {
                _ = try exchange.pull()
            } catch let error as HubError {
                // Gone on the way: what the replica holds is the last synced state.
                return Opened(store: store, offline: error.message)
            }
        }
        return Opened(store: store, offline: nil)
    }

    private static func connect(_ address: HubAddress, clientID: String, timeout: Duration) -> Result<HubConnection, HubError> {
        do throws(HubError) {
            return .success(try HubConnection(address, clientID: clientID, timeout: timeout))
        } catch {
            return .failure(error)
        }
    }
}
