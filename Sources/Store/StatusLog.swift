import Foundation
import GRDB
import Model

/// The status changes saved in a store, each its own committed transaction
/// and logged in `status_change`, so that the last one can be undone by any
/// instance, before or after a restart.
struct StatusLog: Sendable {
    let database: StoreDatabase

    /// Sets the status of the delivery with `id` and saves it at once, logging
    /// the change for `undoLastChange()`. Returns nil when it already had that
    /// status (nothing is logged). Throws `.unknownDelivery` for an unknown id.
    func setStatus(_ status: DeliveryStatus, forDeliveryID id: String) throws(StoreError) -> StatusChange? {
        let path = database.url.path
        let change: StatusChange? = try database.write { db in
            guard let current = try Self.current(id, db) else {
                throw StoreError(kind: .unknownDelivery, path: path, reason: "no delivery with id \(id)")
            }
            guard current.status != status else { return nil }
            try db.execute(sql: "UPDATE delivery SET status = ? WHERE position = ?", arguments: [status.rawValue, current.position])
            try db.execute(
                sql: "INSERT INTO status_change(deliveryID, oldStatus, newStatus, changedAt) VALUES (?, ?, ?, ?)",
                arguments: [id, current.status.rawValue, status.rawValue, Date().timeIntervalSince1970])
            return StatusChange(deliveryID: id, row: current.position - 1, oldStatus: current.status, newStatus: status)
        }
        if change != nil { database.advanceGeneration() }
        return change
    }

    /// Undoes the most recent status change saved in this store (by any
    /// instance, before or after a restart), and forgets it so that the next
    /// undo goes one further back. Returns the change made by the undo, or nil
    /// when there is nothing to undo.
    func undoLastChange() throws(StoreError) -> StatusChange? {
        let change: StatusChange? = try database.write { db in
            guard let last = try Row.fetchOne(
                db, sql: "SELECT sequence, deliveryID, oldStatus FROM status_change ORDER BY sequence DESC LIMIT 1")
            else { return nil }
            let sequence: Int64 = last["sequence"]
            let id: String = last["deliveryID"]
            let restored = DeliveryStatus(rawValue: last["oldStatus"]) ?? .pending
            try db.execute(sql: "DELETE FROM status_change WHERE sequence = ?", arguments: [sequence])
            guard let current = try Self.current(id, db) else { return nil }
            try db.execute(sql: "UPDATE delivery SET status = ? WHERE position = ?", arguments: [restored.rawValue, current.position])
            return StatusChange(deliveryID: id, row: current.position - 1, oldStatus: current.status, newStatus: restored)
        }
        database.advanceGeneration()
        return change
    }

    /// Where the delivery with `id` is and the status it has now, or nil for an unknown id.
    private static func current(_ id: String, _ db: Database) throws -> (position: Int, status: DeliveryStatus)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT position, status FROM delivery WHERE id = ?", arguments: [id]) else {
            return nil
        }
        return (row["position"], DeliveryStatus(rawValue: row["status"]) ?? .pending)
    }
}
