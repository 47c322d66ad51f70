import Foundation
import Store
import TeamHub

/// One round with the hub over one connection: the outbox sent in order,
/// then the hub's changes since the replica's position taken. Used by the
/// sync engine's thread and by the one-time catch-up of `export`,
/// `summary` and `render`.
struct HubExchange {
    let store: DeliveryStore
    let connection: HubConnection
    /// When this connection came up: a change made before it was made with the hub out of reach.
    let connectedAt: Date

    /// Rows fetched per request while catching up.
    static let pageSize = 5_000

    /// Sends every change waiting in the outbox, oldest first, each with its
    /// idempotency key, until the hub has answered for each: applied ones
    /// leave the outbox, refused ones become conflicts. A failure on the way
    /// (the hub gone) leaves the rest, and the one in flight, to be sent again.
    /// A change made by another browser on this replica (another client id:
    /// it quit before sending it) goes over a connection of its own client,
    /// so that the hub logs it as its maker's.
    /// Returns whether the replica's rows changed (a refusal shows the hub's status again).
    func push() throws -> Bool {
        var changed = false
        var others: [String: HubConnection] = [:]
        defer { for other in others.values { other.close() } }
        for entry in try store.outbox() {
            var via = connection
            if entry.author.clientID != connection.clientID {
                if let open = others[entry.author.clientID] {
                    via = open
                } else {
                    via = try HubConnection(connection.address, clientID: entry.author.clientID, timeout: connection.timeout)
                    others[entry.author.clientID] = via
                }
            }
            let outcome = try via.submit(HubChange(
                changeID: entry.changeID, deliveryID: entry.deliveryID, basedOn: entry.basedOn, status: entry.status,
                madeAt: entry.madeAt))
            switch outcome {
            case .applied:
                try store.acknowledge(entry.changeID)
            case .rejected(let current, let author, _):
                try store.reject(entry.changeID, kept: current, by: author?.role, client: author?.clientID, at: author?.at)
                changed = true
            case .unknownDelivery:
                try store.reject(entry.changeID, kept: entry.basedOn, by: "nobody (the hub has no such delivery)", client: nil, at: nil)
                changed = true
            case .refused(let reason):
                try store.reject(entry.changeID, kept: entry.basedOn, by: "the hub (\(reason))", client: nil, at: nil)
                changed = true
            }
        }
        return changed
    }

    /// Takes the hub's changes since the replica's position, a page at a
    /// time, until there are none. Returns whether any row changed.
    func pull() throws -> Bool {
        var changed = false
        while true {
            let since = HubPosition(sequence: try store.replicaState()?.position ?? 0)
            let page = try connection.changes(since: since, limit: Self.pageSize)
            guard page.position > since || !page.rows.isEmpty else { return changed }
            let rows = page.rows.map { row in
                FeedRow(delivery: row.delivery, changedBy: row.lastChange?.role, changedByClient: row.lastChange?.clientID,
                        changedAt: row.lastChange?.at)
            }
            if try store.applyFeed(rows, upTo: page.position.sequence) { changed = true }
            if page.rows.count < Self.pageSize { return changed }
        }
    }
}
