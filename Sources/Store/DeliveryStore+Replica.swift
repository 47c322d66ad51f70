import Foundation
import GRDB
import Model

/// A store as a team's replica (issue 33): the screens read it as any store;
/// the sync engine fills it from the hub's feed, sends its outbox and keeps
/// the hub's refusals as conflicts. Every method is one transaction.
extension DeliveryStore {
    // MARK: - Which hub, how far

    /// The hub this store copies and how far it has read; nil for a store that is no replica.
    public func replicaState() throws(StoreError) -> ReplicaState? {
        try database.read { db in try Self.replicaState(db) }
    }

    static func replicaState(_ db: Database) throws -> ReplicaState? {
        let values = try Row.fetchAll(db, sql: "SELECT key, value FROM sync_state")
        var byKey: [String: DatabaseValue] = [:]
        for row in values {
            let key: String = row["key"]
            let value: DatabaseValue = row["value"]
            byKey[key] = value
        }
        guard let hub = byKey["hub"].flatMap(String.fromDatabaseValue) else { return nil }
        return ReplicaState(
            hub: hub, address: byKey["address"].flatMap(String.fromDatabaseValue) ?? "",
            position: byKey["position"].flatMap(Int64.fromDatabaseValue))
    }

    /// Makes this store a replica of `hub` (at `address`), to be filled from
    /// the start of the hub's feed; status changes from now on go to the outbox.
    public func becomeReplica(of hub: String, address: String) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: "DELETE FROM sync_state")
            try db.execute(sql: "INSERT INTO sync_state(key, value) VALUES ('hub', ?), ('address', ?)", arguments: [hub, address])
        }
    }

    /// Records that the replica holds the hub's feed up to `position` (after a snapshot imported otherwise).
    public func setFeedPosition(_ position: Int64) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state(key, value) VALUES ('position', ?)", arguments: [position])
        }
    }

    /// Fills this replica with its hub's snapshot, streamed straight in:
    /// `read` calls `expect` with how many deliveries come, then `body` with
    /// each, on the importer's reading thread, while this one writes them
    /// (`DeliveryImporter.importSnapshot`). Readers see the replica before
    /// or after, and a failure (what `read` throws) leaves it as it was.
    @discardableResult
    public func importSnapshot(
        read: @escaping @Sendable (_ expect: (Int) -> Void, _ body: (Delivery) throws -> Void) throws -> Void,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        let summary = try importer.importSnapshot(read: read, progress: progress)
        finder.keptTextOrders.textsChanged()
        return summary
    }

    // MARK: - The hub's changes

    /// Takes the hub's rows (added or changed since the replica's position)
    /// and the position they bring it to, in one transaction: a delivery
    /// with changes of its own still waiting in the outbox keeps showing the
    /// newest of them. A status that changed here by it is logged as its
    /// author's, so that an undo can say who changed a delivery since.
    /// Returns whether any delivery changed as the screens show it.
    ///
    /// Most of a catch-up is other people's status changes: a row that
    /// differs from the replica's only in its status is written as a status
    /// update (its texts, lengths and words untouched); only a new row, or
    /// one whose texts changed, goes through the upsert and the word index.
    @discardableResult
    public func applyFeed(_ rows: [FeedRow], upTo position: Int64) throws(StoreError) -> Bool {
        let path = url.path
        let (changed, textsMayHaveChanged): (Bool, Bool) = try database.writeRows(changed: { $0.0 }) { db in
            var upsert: DeliveryUpsert?
            let stored = try db.makeStatement(sql: "SELECT \(DeliveryColumns.selection) FROM delivery WHERE id = ?")
            let columns = try DeliveryColumns(stored)
            // The upsert's rule for a status: one changed here since the hub's last stays until the hub's changes.
            let setStatus = try db.makeStatement(sql: """
                UPDATE delivery SET status = CASE WHEN importedStatus = ?1 THEN status ELSE ?1 END, importedStatus = ?1
                WHERE position = ?2
                RETURNING status
                """)
            let statusNow = try db.makeStatement(sql: "SELECT status FROM delivery WHERE id = ?")
            let outboxed = Set(try String.fetchAll(db, sql: "SELECT DISTINCT deliveryID FROM outbox"))
            let log = try db.makeStatement(sql: """
                INSERT INTO status_change(deliveryID, oldStatus, newStatus, changedAt, clientID, userName)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
            // A page of the feed scatters over the whole table: in id order its
            // rows come near one another, and a page cache that holds what the
            // page dirties writes each page once, at the commit, not spilled and
            // written again. Each delivery is in a page once, so the order is free.
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            if rows.count > Self.feedRowsInDefaultCache { try db.execute(sql: "PRAGMA cache_size = \(Self.feedCacheSize)") }
            defer { if rows.count > Self.feedRowsInDefaultCache { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") } }
            var texts: [(position: Int32, old: String?, new: String)] = []
            var changedAny = false
            for row in rows.sorted(by: { $0.delivery.id < $1.delivery.id }) {
                let delivery = row.delivery
                let found = try Row.fetchOne(stored, arguments: [delivery.id])
                let old = found.map { columns.delivery(from: $0).status }
                let now: DeliveryStatus?
                if let found, Self.differsOnlyInStatus(columns.delivery(from: found), delivery) {
                    now = try String.fetchOne(setStatus, arguments: [delivery.status.rawValue, columns.position(of: found)])
                        .flatMap(DeliveryStatus.init(rawValue:))
                } else {
                    if upsert == nil { upsert = try DeliveryUpsert(db) }
                    let searchText = StoreSchema.folded(id: delivery.id, name: delivery.name, address: delivery.address)
                    let written = try upsert?.write(ImportRow(delivery, searchText: searchText), path: path)
                    if let written, let text = written.changedText {
                        texts.append((Int32(truncatingIfNeeded: written.position), text.old, text.new))
                        changedAny = true
                    }
                    now = try String.fetchOne(statusNow, arguments: [delivery.id]).flatMap(DeliveryStatus.init(rawValue:))
                }
                if let old, let now, old != now, !outboxed.contains(delivery.id) {
                    changedAny = true
                    try log.execute(arguments: [
                        delivery.id, old.rawValue, now.rawValue,
                        (row.changedAt ?? Date()).timeIntervalSince1970, row.changedByClient ?? "hub", row.changedBy ?? "the hub",
                    ])
                } else if old == nil {
                    changedAny = true
                }
            }
            try SearchWordIndex.update(db, changed: texts)
            // What is waiting to be sent is what this replica shows.
            if !outboxed.isEmpty {
                try db.execute(sql: """
                    UPDATE delivery SET status = (
                        SELECT o.status FROM outbox o WHERE o.deliveryID = delivery.id ORDER BY o.sequence DESC LIMIT 1)
                    WHERE id IN (SELECT deliveryID FROM outbox)
                    """)
            }
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state(key, value) VALUES ('position', ?)", arguments: [position])
            // Only a row that went through the upsert can have new texts: no text order depends on a status.
            return (changedAny, upsert != nil)
        }
        if textsMayHaveChanged { finder.keptTextOrders.textsChanged() }
        return changed
    }

    /// Feed rows a transaction takes with the connection's own page cache;
    /// a bigger page takes `feedCacheSize` (in KiB, as SQLite counts a
    /// negative size): room for the pages 5,000 scattered rows dirty.
    static let feedRowsInDefaultCache = 200
    static let feedCacheSize = -65_536

    /// Whether the hub's `incoming` row is the replica's `stored` one but for its status.
    private static func differsOnlyInStatus(_ stored: Delivery, _ incoming: Delivery) -> Bool {
        var stored = stored
        stored.status = incoming.status
        return stored == incoming
    }

    // MARK: - The outbox

    /// The changes made here that the hub has not acknowledged, oldest first.
    public func outbox() throws(StoreError) -> [OutboxEntry] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT changeID, deliveryID, basedOn, status, madeAt, clientID, userName FROM outbox ORDER BY sequence
                """).compactMap { row in
                guard let id = UUID(uuidString: row["changeID"]),
                      let basedOn = DeliveryStatus(rawValue: row["basedOn"]), let status = DeliveryStatus(rawValue: row["status"])
                else { return nil }
                return OutboxEntry(
                    changeID: id, deliveryID: row["deliveryID"], basedOn: basedOn, status: status,
                    madeAt: Date(timeIntervalSince1970: row["madeAt"]),
                    author: ChangeAuthor(clientID: row["clientID"], userName: row["userName"]))
            }
        }
    }

    /// How many changes wait to be sent.
    public func outboxCount() throws(StoreError) -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? 0 }
    }

    /// The newest change ever queued (its outbox sequence; 0 for none) and
    /// the oldest still waiting (nil: none): with them a change made here can
    /// be told to have reached the hub (`SyncReport.hasSent`).
    public func outboxBounds() throws(StoreError) -> (queuedThrough: Int64, waitingFrom: Int64?) {
        try database.read { db in
            let through = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'") ?? 0
            let from = try Int64.fetchOne(db, sql: "SELECT min(sequence) FROM outbox")
            return (through, from)
        }
    }

    /// The hub has the change `changeID`: it leaves the outbox, and the
    /// delivery's last known hub status (`importedStatus`, which the feed's
    /// rows are compared with) is now the change's.
    public func acknowledge(_ changeID: UUID) throws(StoreError) {
        try database.write { db in
            let key = changeID.uuidString.lowercased()
            try db.execute(sql: """
                UPDATE delivery SET importedStatus = (SELECT status FROM outbox WHERE changeID = ?)
                WHERE id = (SELECT deliveryID FROM outbox WHERE changeID = ?)
                """, arguments: [key, key])
            try db.execute(sql: "DELETE FROM outbox WHERE changeID = ?", arguments: [key])
        }
    }

    /// The hub refused the change `changeID` (the delivery had changed since):
    /// it leaves the outbox and is kept as a conflict for its maker, and the
    /// delivery shows what the hub kept, unless a later change of this
    /// replica's still waits for it (the hub will judge that one too).
    /// The status put back is logged as the keeper's (`keptBy`, client `keptByClient`), so
    /// that an undo can say who changed the delivery since.
    public func reject(
        _ changeID: UUID, kept: DeliveryStatus, by keptBy: String?, client keptByClient: String?, at keptAt: Date?
    ) throws(StoreError) {
        let key = changeID.uuidString.lowercased()
        _ = try database.writeRows(changed: { $0 }) { db in
            guard let entry = try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE changeID = ?", arguments: [key]) else { return false }
            let sequence: Int64 = entry["sequence"]
            let deliveryID: String = entry["deliveryID"]
            try db.execute(sql: "DELETE FROM outbox WHERE changeID = ?", arguments: [key])
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO conflict(changeID, deliveryID, mine, basedOn, madeAt, clientID, kept, keptBy, keptAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key, deliveryID, entry["status"] as String, entry["basedOn"] as String, entry["madeAt"] as Double,
                            entry["clientID"] as String, kept.rawValue, keptBy, keptAt?.timeIntervalSince1970])
            let later = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE deliveryID = ? AND sequence > ?)",
                                          arguments: [deliveryID, sequence]) ?? false
            guard !later,
                  let shown = try String.fetchOne(db, sql: "SELECT status FROM delivery WHERE id = ?", arguments: [deliveryID])
            else { return false }
            try db.execute(sql: "UPDATE delivery SET status = ?, importedStatus = ? WHERE id = ?",
                           arguments: [kept.rawValue, kept.rawValue, deliveryID])
            guard shown != kept.rawValue else { return false }
            try db.execute(
                sql: """
                    INSERT INTO status_change(deliveryID, oldStatus, newStatus, changedAt, clientID, userName)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [deliveryID, shown, kept.rawValue, (keptAt ?? Date()).timeIntervalSince1970,
                            keptByClient ?? "hub", keptBy ?? "the hub"])
            return true
        }
    }

    /// Puts changes back in the outbox as they were (their ids kept), and
    /// shows them on their deliveries: a replica copied anew from its hub
    /// keeps what was waiting to be sent from the old copy.
    public func requeue(_ entries: [OutboxEntry]) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try database.writeRows(changed: { true }) { db in
            for entry in entries {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO outbox(changeID, deliveryID, basedOn, status, madeAt, clientID, userName)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [entry.changeID.uuidString.lowercased(), entry.deliveryID, entry.basedOn.rawValue, entry.status.rawValue,
                                entry.madeAt.timeIntervalSince1970, entry.author.clientID, entry.author.userName])
                try db.execute(sql: "UPDATE delivery SET status = ? WHERE id = ?", arguments: [entry.status.rawValue, entry.deliveryID])
            }
        }
    }

    // MARK: - Conflicts

    /// The conflicts of changes made by `clientID` that their maker has not seen yet, oldest first.
    public func unseenConflicts(madeBy clientID: String) throws(StoreError) -> [Conflict] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM conflict WHERE clientID = ? AND seenAt IS NULL ORDER BY madeAt
                """, arguments: [clientID]).compactMap(Self.conflict)
        }
    }

    /// The conflict of the change `changeID`, seen or not.
    public func conflict(_ changeID: UUID) throws(StoreError) -> Conflict? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM conflict WHERE changeID = ?", arguments: [changeID.uuidString.lowercased()])
                .flatMap(Self.conflict)
        }
    }

    /// Its maker has seen the conflict of `changeID`: it is no longer shown.
    public func markSeen(_ changeID: UUID) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: "UPDATE conflict SET seenAt = ? WHERE changeID = ? AND seenAt IS NULL",
                           arguments: [Date().timeIntervalSince1970, changeID.uuidString.lowercased()])
        }
    }

    private static func conflict(_ row: Row) -> Conflict? {
        guard let id = UUID(uuidString: row["changeID"]), let mine = DeliveryStatus(rawValue: row["mine"]),
              let basedOn = DeliveryStatus(rawValue: row["basedOn"]), let kept = DeliveryStatus(rawValue: row["kept"])
        else { return nil }
        return Conflict(
            changeID: id, deliveryID: row["deliveryID"], mine: mine, basedOn: basedOn,
            madeAt: Date(timeIntervalSince1970: row["madeAt"]), clientID: row["clientID"],
            kept: kept, keptBy: row["keptBy"], keptAt: (row["keptAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
