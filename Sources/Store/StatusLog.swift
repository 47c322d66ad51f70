import Foundation
import GRDB
import Model

/// The status changes saved in a store, each its own committed transaction
/// and logged in `status_change` with its author (schema v10), so that a
/// browser can undo its own last change, before or after a restart, and
/// never anyone else's.
struct StatusLog: Sendable {
    let database: StoreDatabase

    /// Sets the status of the delivery with `id` and saves it at once, logging
    /// the change as `author`'s. Returns nil when it already had that
    /// status (nothing is logged). Throws `.unknownDelivery` for an unknown id.
    func setStatus(_ status: DeliveryStatus, forDeliveryID id: String, by author: ChangeAuthor) throws(StoreError) -> StatusChange? {
        let path = database.url.path
        let change: StatusChange? = try database.writeRows(changed: { $0 != nil }) { db in
            guard let current = try Self.current(id, db) else {
                throw StoreError(kind: .unknownDelivery, path: path, reason: "no delivery with id \(id)")
            }
            guard current.status != status else { return nil }
            var change = StatusChange(deliveryID: id, row: current.position - 1, oldStatus: current.status, newStatus: status)
            (change.outboxSequence, change.changeID) = try Self.apply(change, by: author, undoing: nil, db)
            return change
        }
        return change
    }

    /// Takes back `author`'s most recent change not yet taken back (of the
    /// delivery `deliveryID` only, when given), unless someone else changed
    /// that delivery since: then nothing changes and the outcome says who did.
    /// The undo is logged as `author`'s change, and the next undo goes one further back.
    func undoLastChange(by author: ChangeAuthor, ofDeliveryID deliveryID: String?) throws(StoreError) -> UndoOutcome {
        let outcome: UndoOutcome = try database.writeRows(changed: { if case .undone = $0 { true } else { false } }) { db in
            var sql = """
                SELECT sequence, deliveryID, oldStatus, newStatus FROM status_change
                WHERE clientID = ? AND undoes IS NULL AND undoneBy IS NULL
                """
            var arguments: StatementArguments = [author.clientID]
            if let deliveryID {
                sql += " AND deliveryID = ?"
                arguments += [deliveryID]
            }
            guard let last = try Row.fetchOne(db, sql: sql + " ORDER BY sequence DESC LIMIT 1", arguments: arguments) else {
                return .nothingToUndo
            }
            let sequence: Int64 = last["sequence"]
            let id: String = last["deliveryID"]
            let made = DeliveryStatus(rawValue: last["newStatus"]) ?? .pending
            let restored = DeliveryStatus(rawValue: last["oldStatus"]) ?? .pending
            guard let current = try Self.current(id, db) else { return .nothingToUndo }
            if let reason = try Self.laterChange(of: id, after: sequence, than: author, made: made, now: current.status, db) {
                return .refused(deliveryID: id, reason: reason)
            }
            var change = StatusChange(deliveryID: id, row: current.position - 1, oldStatus: current.status, newStatus: restored)
            (change.outboxSequence, change.changeID) = try Self.apply(change, by: author, undoing: sequence, db)
            return .undone(change)
        }
        return outcome
    }

    /// Why a change `made` to `id` (logged as `sequence`) may not be taken
    /// back by `author`: someone else's later change, or a status that is no
    /// longer the one it made (an import changed it). Nil when it may.
    private static func laterChange(
        of id: String, after sequence: Int64, than author: ChangeAuthor, made: DeliveryStatus, now: DeliveryStatus, _ db: Database
    ) throws -> String? {
        let other = try Row.fetchOne(db, sql: """
            SELECT newStatus, clientID, userName, changedAt FROM status_change
            WHERE deliveryID = ? AND sequence > ? AND clientID IS NOT ?
            ORDER BY sequence DESC LIMIT 1
            """, arguments: [id, sequence, author.clientID])
        if let other {
            let status = DeliveryStatus(rawValue: other["newStatus"])?.title ?? "another status"
            let who = Self.describe(userName: other["userName"], clientID: other["clientID"], relativeTo: author)
            return "\(who) changed \(id) to \(status) since"
        }
        if now != made {
            return "\(id) is \(now.title) now, not \(made.title) as you left it"
        }
        return nil
    }

    /// Someone named for a message: the same person in another browser is said so.
    static func describe(userName: String?, clientID: String?, relativeTo author: ChangeAuthor) -> String {
        guard let userName, !userName.isEmpty else { return "someone else" }
        return userName == author.userName ? "\(userName) in another browser" : userName
    }

    /// Writes `change` to its delivery and logs it as `author`'s (as the undo
    /// of `undone`, when given); in a replica, queues it for the hub in the
    /// same transaction (`StoreSchema.outboxInsert`), and returns its place in the outbox and its id there.
    private static func apply(
        _ change: StatusChange, by author: ChangeAuthor, undoing undone: Int64?, _ db: Database
    ) throws -> (Int64?, String?) {
        let now = Date().timeIntervalSince1970
        try db.execute(sql: "UPDATE delivery SET status = ? WHERE position = ?", arguments: [change.newStatus.rawValue, change.row + 1])
        try db.execute(
            sql: """
                INSERT INTO status_change(deliveryID, oldStatus, newStatus, changedAt, clientID, userName, undoes)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [change.deliveryID, change.oldStatus.rawValue, change.newStatus.rawValue, now,
                        author.clientID, author.userName, undone])
        let logged = db.lastInsertedRowID
        let changeID = UUID().uuidString.lowercased()
        try db.execute(
            sql: StoreSchema.outboxInsert,
            arguments: [changeID, change.deliveryID, change.oldStatus.rawValue, change.newStatus.rawValue,
                        now, author.clientID, author.userName])
        let queued: Int64? = db.changesCount > 0 ? db.lastInsertedRowID : nil
        if let undone {
            try db.execute(sql: "UPDATE status_change SET undoneBy = ? WHERE sequence = ?", arguments: [logged, undone])
        }
        return (queued, queued == nil ? nil : changeID)
    }

    /// Where the delivery with `id` is and the status it has now, or nil for an unknown id.
    private static func current(_ id: String, _ db: Database) throws -> (position: Int, status: DeliveryStatus)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT position, status FROM delivery WHERE id = ?", arguments: [id]) else {
            return nil
        }
        return (row["position"], DeliveryStatus(rawValue: row["status"]) ?? .pending)
    }
}
