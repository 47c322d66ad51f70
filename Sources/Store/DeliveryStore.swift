import Foundation
import GRDB
import Model

/// The deliveries on disk: one SQLite file (WAL) that imports manifests, pages
/// rows to the screens, searches, and saves status changes at once.
///
/// Why SQLite: a million deliveries open instantly because nothing is loaded
/// until a screen asks for a row, and every status change is its own committed
/// transaction, so two instances on one store, or a `kill -9`, lose nothing.
///
///     let store = try DeliveryStore(url: StoreLocation.defaultURL())
///     try store.importManifest(at: manifestURL)
///     let rows = try store.deliveries()            // a lazy DeliverySource
///     try store.setStatus(.delivered, forDeliveryID: "DLV-0001")
public final class DeliveryStore: Sendable {
    /// The store file.
    public let url: URL
    let pool: any DatabaseWriter
    /// How the store was opened.
    public let access: Access

    /// Whether this object may write.
    public enum Access: Sendable {
        /// Creates the store when missing, brings its schema up to date, writes.
        case readWrite
        /// Reads an existing store without writing anything, not even a
        /// schema update: for `render`, and for a file or folder that is read-only.
        case readOnly
    }
    /// Bumped by every write made through this object, so its sources drop stale pages.
    let generation = LockedValue(0)
    /// How this object's writes and a long import take turns with the write lock.
    let waiting: WaitingWriters

    /// How search results list their rows.
    let listing: ResultListing

    /// Opens the store at `url`, creating the file, its folder and its tables when missing.
    /// With `.readOnly`, opens an existing store and never writes to it.
    public convenience init(url: URL, access: Access = .readWrite) throws(StoreError) {
        try self.init(url: url, listing: ResultListing(), access: access)
    }

    init(url: URL, listing: ResultListing, access: Access = .readWrite) throws(StoreError) {
        self.url = url
        self.listing = listing
        self.access = access
        let path = url.path
        let waiting = WaitingWriters(store: path)
        self.waiting = waiting
        if access == .readOnly {
            pool = try Self.openReadOnly(path: path)
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(kind: .cannotCreate, path: path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
        var configuration = Configuration()
        // Another instance may hold the write lock for a moment (an import, a
        // slice at a time): wait rather than fail, and say so to the import.
        configuration.busyMode = .callback { tries in waiting.busy(tries: tries) }
        configuration.label = "DeliveryStore"
        configuration.prepareDatabase { db in
            // After a big import the WAL is checkpointed; don't keep hundreds of MB of it on disk.
            try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
            // The search index's folding, used by the v4 triggers on every write.
            db.add(function: StoreSchema.foldFunction)
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        do {
            // A newer program's store is never written by this one: its
            // schema may mean things this version would break.
            let stored = try pool.read(StoreSchema.storedVersion)
            if stored > StoreSchema.version {
                throw StoreError(kind: .newerSchema, path: path, reason: """
                    has schema version \(stored), newer than this idelivermobile's \(StoreSchema.version): \
                    it is not opened for writing (use the newer idelivermobile; `idelivermobile render` can still show it)
                    """)
            }
            try waiting.write { try Self.migrate(pool, path: path) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        discardAbandonedImport()
    }

    /// A read-only connection to an existing store, checked to hold every
    /// table this version reads (a newer schema that only added is fine).
    private static func openReadOnly(path: String) throws(StoreError) -> any DatabaseWriter {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(kind: .cannotCreate, path: path, reason: "no such store")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.label = "DeliveryStore (read-only)"
        let pool: any DatabaseWriter
        let complete: Bool
        let stored: Int
        do {
            do {
                pool = try DatabasePool(path: path, configuration: configuration)
            } catch {
                // WAL needs its -shm file; in a folder we may not write, SQLite can
                // only read the file as immutable (fine for one screen's worth of reading).
                let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
                pool = try DatabaseQueue(path: uri, configuration: configuration)
            }
            (complete, stored) = try pool.read { db in
                (try StoreSchema.migrator.hasCompletedMigrations(db), try StoreSchema.storedVersion(db))
            }
        } catch {
            throw storeError(error, path: path, opening: true)
        }
        guard complete else {
            let reason = stored > StoreSchema.version
                ? "has schema version \(stored), which this idelivermobile (version \(StoreSchema.version)) cannot read"
                : "has schema version \(stored) and needs updating to \(StoreSchema.version), which reading alone cannot do: open it once with browse or import"
            throw StoreError(kind: .newerSchema, path: path, reason: reason)
        }
        return pool
    }

    /// Brings the schema up to date. Re-indexing a big store takes seconds,
    /// so a store that already holds deliveries says what it is doing.
    private static func migrate(_ pool: any DatabaseWriter, path: String) throws {
        let migrator = StoreSchema.migrator
        let updatesRows = try pool.read { db in
            try !migrator.hasCompletedMigrations(db) && db.tableExists("delivery") && rowCount(db) > 0
        }
        if updatesRows {
            FileHandle.standardError.write(Data("Updating the store \(path) to this version's format…\n".utf8))
        }
        let (applied, declared) = try pool.read { db in
            (try migrator.hasCompletedMigrations(db), try Int.fetchOne(db, sql: "PRAGMA user_version"))
        }
        let fresh = try pool.read { db in try !db.tableExists("grdb_migrations") }
        if fresh {
            // A new store can give pages back to the file system (only before
            // its first table, or by a VACUUM, which costs nothing while it is
            // empty): an import that fails on a full disk frees its staging so.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL; VACUUM") }
        }
        // An up-to-date store is opened without writing (an import may be holding the lock).
        if !applied { try migrator.migrate(pool) }
        if declared != StoreSchema.version {
            try pool.write { db in try db.execute(sql: "PRAGMA user_version = \(StoreSchema.version)") }
        }
        if !applied {
            // Leave no committed frames in the WAL: if the disk fills during
            // the first import, closing then has nothing to copy back and the
            // WAL and its index go away instead of staying behind.
            try pool.writeWithoutTransaction { db in _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// Opens the store at `path`, or the default store (`StoreLocation.defaultURL()`) when nil.
    public convenience init(path: String?) throws(StoreError) {
        try self.init(url: path.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL())
    }

    // MARK: - Reading

    /// How many deliveries the store holds (rows are contiguous, so this is a key lookup, not a scan).
    public func count() throws(StoreError) -> Int {
        try read { db in try Self.rowCount(db) }
    }

    /// Every delivery in the store, in import order, read lazily page by page.
    public func deliveries() throws(StoreError) -> StoredDeliveries {
        StoredDeliveries(store: self, query: nil, count: try count())
    }

    /// The deliveries whose id, name or address contain every word of `text`
    /// anywhere, inside words too (`SubstringSearch`: case, diacritics and
    /// letters like ß and Ł folded; empty text matches all) and whose status passes
    /// `filter`. In import order, read lazily like `deliveries()`: the cost is
    /// counting the matches, not loading them.
    public func search(_ text: String, status filter: StatusFilter = .all, sort: DeliveryOrder = .manifest) throws(StoreError) -> StoredDeliveries {
        if sort != .manifest { return try sorted(text, status: filter, by: sort) }
        let query: RowQuery
        if let substring = SubstringSearch.query(for: text, status: filter.status) {
            query = substring
        } else if let status = filter.status {
            query = .status(status.rawValue)
        } else {
            return try deliveries()
        }
        let (count, total, positions) = try read { db in
            var positions: [Int32] = []
            // A small result is listed at once, in the same snapshot as its count.
            if query.readsEachRow {
                // Counting would check every candidate as listing does: list first,
                // and count only a result too big to list.
                try query.positions(after: 0, limit: listing.eagerLimit + 1, db, into: &positions)
                if positions.count <= listing.eagerLimit { return (positions.count, try Self.rowCount(db), positions) }
                positions = []
            }
            let count = try query.count(db)
            if count <= listing.eagerLimit { try query.positions(after: 0, limit: count, db, into: &positions) }
            return (count, try Self.rowCount(db), positions)
        }
        // Everything matched (a first letter that every id starts with): the
        // plain list is the same rows and needs no positions learnt.
        if count == total { return StoredDeliveries(store: self, query: nil, count: count) }
        return StoredDeliveries(store: self, query: query, count: count, positions: positions)
    }

    /// The delivery with `id`, or nil.
    public func delivery(id: String) throws(StoreError) -> Delivery? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(StoredDeliveries.columns) FROM delivery WHERE id = ?", arguments: [id])
                .map(StoredDeliveries.delivery(from:))
        }
    }

    /// The 0-based row of the delivery with `id` in `deliveries()`, or nil.
    public func row(ofDeliveryID id: String) throws(StoreError) -> Int? {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT position FROM delivery WHERE id = ?", arguments: [id]).map { $0 - 1 }
        }
    }

    /// Whether another process has committed to the store since the last call
    /// (or since opening). When it has, this object's sources drop their cached
    /// pages; call it now and then (e.g. on each key or an idle tick) to show
    /// another instance's status changes.
    @discardableResult
    public func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        let changed: Bool = try write(transaction: false) { db in
            // data_version on one connection moves only for other connections' commits.
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            return lastDataVersion.withLock { last in
                defer { last = version }
                return last != nil && last != version
            }
        }
        if changed { generation.withLock { $0 += 1 } }
        return changed
    }

    private let lastDataVersion = LockedValue<Int?>(nil)

    // MARK: - Status changes

    /// Sets the status of the delivery with `id` and saves it at once, logging
    /// the change for `undoLastChange()`. Returns nil when it already had that
    /// status (nothing is logged). Throws `.unknownDelivery` for an unknown id.
    @discardableResult
    public func setStatus(_ status: DeliveryStatus, forDeliveryID id: String) throws(StoreError) -> StatusChange? {
        let change: StatusChange? = try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT position, status FROM delivery WHERE id = ?", arguments: [id]) else {
                throw StoreError(kind: .unknownDelivery, path: self.url.path, reason: "no delivery with id \(id)")
            }
            let position: Int = row[0]
            let old = DeliveryStatus(rawValue: row[1]) ?? .pending
            guard old != status else { return nil }
            try db.execute(sql: "UPDATE delivery SET status = ? WHERE position = ?", arguments: [status.rawValue, position])
            try db.execute(
                sql: "INSERT INTO status_change(deliveryID, oldStatus, newStatus, changedAt) VALUES (?, ?, ?, ?)",
                arguments: [id, old.rawValue, status.rawValue, Date().timeIntervalSince1970])
            return StatusChange(deliveryID: id, row: position - 1, oldStatus: old, newStatus: status)
        }
        if change != nil { generation.withLock { $0 += 1 } }
        return change
    }

    /// Undoes the most recent status change saved in this store (by any
    /// instance, before or after a restart), and forgets it so that the next
    /// undo goes one further back. Returns the change made by the undo, or nil
    /// when there is nothing to undo.
    @discardableResult
    public func undoLastChange() throws(StoreError) -> StatusChange? {
        let change: StatusChange? = try write { db in
            guard let last = try Row.fetchOne(
                db, sql: "SELECT sequence, deliveryID, oldStatus FROM status_change ORDER BY sequence DESC LIMIT 1")
            else { return nil }
            let sequence: Int64 = last[0]
            let id: String = last[1]
            let restored = DeliveryStatus(rawValue: last[2]) ?? .pending
            try db.execute(sql: "DELETE FROM status_change WHERE sequence = ?", arguments: [sequence])
            guard let row = try Row.fetchOne(db, sql: "SELECT position, status FROM delivery WHERE id = ?", arguments: [id]) else {
                return nil
            }
            let position: Int = row[0]
            let current = DeliveryStatus(rawValue: row[1]) ?? .pending
            try db.execute(sql: "UPDATE delivery SET status = ? WHERE position = ?", arguments: [restored.rawValue, position])
            return StatusChange(deliveryID: id, row: position - 1, oldStatus: current, newStatus: restored)
        }
        generation.withLock { $0 += 1 }
        return change
    }

    /// Closes every connection now, so SQLite removes the -wal and -shm files
    /// before the program exits (on an error path, such as a full disk,
    /// rather than leave them behind). The read-only readers go first: the
    /// last connection to close is the one that removes the files, and only
    /// the writer may.
    public func close() {
        if let pool = pool as? DatabasePool { pool.releaseMemory() }
        try? pool.close()
    }

    // MARK: - Database access

    static func rowCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT max(position) FROM delivery") ?? 0
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: url.path, opening: false)
        }
    }

    /// A write (not an import's): while it waits for an import's lock it says
    /// so (`WaitingWriters`), and the import lets it in within one of its slices.
    func write<T>(transaction: Bool = true, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try waiting.write { transaction ? try pool.write(body) : try pool.writeWithoutTransaction(body) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: url.path, opening: false)
        }
    }

    static func storeError(_ error: any Error, path: String, opening: Bool) -> StoreError {
        guard let error = error as? DatabaseError else {
            return StoreError(kind: .inputOutput, path: path, reason: "\(error)")
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError(kind: .notAStore, path: path, reason: "is not a deliveries store (\(error.message ?? "\(error.resultCode)"))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(kind: .busy, path: path, reason: "is busy: another process is writing it (\(error.message ?? "locked"))")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
            return StoreError(kind: opening ? .cannotCreate : .inputOutput, path: path,
                              reason: "cannot \(opening ? "open or create" : "write") the store (\(error.message ?? "\(error.resultCode)"))")
        default:
            return StoreError(kind: .inputOutput, path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
