import CSQLiteSettings
import Foundation
import GRDB
import Synchronization

/// The SQLite file behind a `DeliveryStore`, shared by its parts (the
/// importer, the search, the status log and the rows they list): opening it
/// (creating or updating its schema), reading and writing it, and the view
/// its sources' rows are read from (`readView`): for the screens
/// (`keepViewForScreens`), one that this process's writes do not move until
/// the screens have heard of them (`moveViewToLatest`).
///
/// Writes go through `write`, which takes turns with a long import
/// (`WaitingWriters`); an import's own transactions are `DeliveryImporter`'s.
final class StoreDatabase: Sendable {
    /// The store file.
    let url: URL
    let pool: any DatabaseWriter
    /// How this object's writes and a long import take turns with the write lock.
    let waiting: WaitingWriters
    /// Bumped by every write of rows through this object (and by another
    /// process's commits, or an import, once seen): what was read before is stale.
    private let generationCount = Mutex(0)
    /// What `readView` reads, and how many times it moved (pages cached
    /// under an older view are stale).
    private let view = Mutex(View())

    private struct View {
        /// Whether the screens move the view (`keepViewForScreens`); else
        /// every write of rows moves it.
        var keptForScreens = false
        /// A read transaction begun before the first write of rows the
        /// screens have not heard of (or one under way); nil when there is
        /// none: the view is then the store as it is.
        var snapshot: DatabaseSnapshot?
        /// Writes of rows under way, and done (changing rows) since the view last moved.
        var writing = 0
        var unheard = 0
        var generation = 0
    }

    /// Opens the store at `url`, creating the file (0600), its folder (0700)
    /// and its tables when missing. With `.readOnly`, opens an existing store
    /// and never writes to it. Either way the file is looked at first
    /// (`StoreFile.check`): a folder, an empty or foreign file, or (for
    /// writing) a newer version's store is refused before SQLite touches it.
    init(url: URL, access: DeliveryStore.Access) throws(StoreError) {
        _ = Self.sqliteConfigured
        self.url = url
        let path = url.path
        let waiting = WaitingWriters(store: path)
        self.waiting = waiting
        try StoreFile.check(path, writing: access == .readWrite, mayCreate: access == .readWrite)
        if access == .readOnly {
            pool = try Self.openReadOnly(path: path)
            return
        }
        let creates = !FileManager.default.fileExists(atPath: path)
        if creates {
            do {
                try PrivateFiles.createFolders(url.deletingLastPathComponent())
            } catch {
                throw StoreError(kind: .cannotCreate, path: path, reason: "cannot create its folder (\(error.localizedDescription))")
            }
            // SQLite gives the -wal and -shm it makes beside the store the store's own mode.
            do {
                try PrivateFiles.createFile(path)
            } catch {
                throw StoreError(kind: .cannotCreate, path: path, reason: "cannot create the store (\(error.localizedDescription))")
            }
        }
        do {
            pool = try Self.openForWriting(path: path, waiting: waiting)
        } catch {
            // A store this open created and could not set up is not left behind half made.
            if creates { Self.removeFiles(of: path) }
            throw error
        }
    }

    private static func openForWriting(path: String, waiting: WaitingWriters) throws(StoreError) -> any DatabaseWriter {
        var configuration = Configuration()
        // Another instance may hold the write lock for a moment (an import, a
        // slice at a time): wait rather than fail, and say so to the import.
        configuration.busyMode = .callback { tries in waiting.busy(tries: tries) }
        configuration.label = "DeliveryStore"
        configuration.prepareDatabase { db in
            // After a big import the WAL is checkpointed; don't keep hundreds of MB of it on disk.
            try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
            // The search index's folding, used by the fold triggers on every write.
            db.add(function: StoreSchema.foldFunction)
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        do {
            // A newer program's store is never written by this one: its
            // schema may mean things this version would break. (The file's
            // header was checked before opening; its WAL may say newer still.)
            let stored = try pool.read(StoreSchema.storedVersion)
            if stored > StoreSchema.version {
                throw StoreError(kind: .newerSchema, path: path, reason: StoreSchema.newerReason(stored))
            }
            try waiting.write { try Self.migrate(pool, path: path) }
        } catch let error as StoreError {
            try? pool.close()
            throw error
        } catch {
            try? pool.close()
            throw Self.storeError(error, path: path, opening: true)
        }
        return pool
    }

    /// The store file and SQLite's -wal and -shm beside it.
    static func removeFiles(of path: String) {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// SQLite set for this process before its first connection: without the
    /// memory statistics, which take a lock at every allocation and release,
    /// a cost every import would pay. Nothing reads them.
    /// Too late (SQLite already in use), it changes nothing.
    private static let sqliteConfigured: Void = { _ = sqs_skip_memory_statistics() }()

    /// A read-only connection to an existing store, checked to hold every
    /// table this version reads (a newer schema that only added is fine).
    ///
    /// Reading a WAL store takes its -wal and -shm files. A connection opened
    /// read-only makes them and cannot remove them, so where the store and
    /// its folder may be written, the connection may write but is forbidden
    /// to (`query_only`): as the last one to close it removes them, leaving
    /// the folder as it was. Where they may not be written (a read-only file
    /// system, a 0444 store, another user's), it reads through the -wal and
    /// -shm an open writer keeps, or else the file as immutable: nothing is
    /// ever created beside it.
    private static func openReadOnly(path: String) throws(StoreError) -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "DeliveryStore (read-only)"
        let pool: any DatabaseWriter
        let complete: Bool
        let stored: Int
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if access(path, W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK) == 0 {
                configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = ON") }
                pool = try DatabaseQueue(path: path, configuration: configuration)
            } else if FileManager.default.fileExists(atPath: path + "-wal"), FileManager.default.fileExists(atPath: path + "-shm") {
                configuration.readonly = true
                pool = try DatabaseQueue(path: path, configuration: configuration)
            } else {
                configuration.readonly = true
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
            try? pool.close()
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
            // The path stays out: it is the user's own, and nothing unsanitised reaches a terminal.
            FileHandle.standardError.write(Data("Updating the store to this version's format…\n".utf8))
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

    // MARK: - Reading and writing

    /// Closes every connection now, so SQLite removes the -wal and -shm files
    /// before the program exits (on an error path, such as a full disk,
    /// rather than leave them behind). The read-only readers go first: the
    /// last connection to close is the one that removes the files, and only
    /// the writer may.
    func close() {
        if let pool = pool as? DatabasePool { pool.releaseMemory() }
        try? pool.close()
    }

    /// The current generation: it moves on with every write of rows.
    var generation: Int { generationCount.withLock { $0 } }

    /// How many times the view moved: pages cached under an older one are stale.
    var viewGeneration: Int { view.withLock { $0.generation } }

    /// From now on this process's writes do not move the view: the screens
    /// do (`moveViewToLatest`) when they handle the message that says the
    /// store changed, so that what they read never changes before that.
    func keepViewForScreens() {
        view.withLock { $0.keptForScreens = true }
    }

    /// A read of the rows as the view has them: the store as it is, or, while
    /// a write of this process is not yet heard of by the screens, as it was
    /// just before that write. Stopped early like `read`.
    func readView<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard let snapshot = view.withLock({ $0.snapshot }) else { return try read(body) }
        return try read(in: snapshot, body)
    }

    /// The view becomes the store as it is, and cached pages go: the screens
    /// heard of the writes made so far (their message was handled). A write
    /// under way is held again from here (one already committed is seen now:
    /// its message is on its way).
    func moveViewToLatest() {
        let writing = view.withLock { $0.writing > 0 }
        // Begun outside the lock (it opens a connection).
        let next = writing ? (pool as? DatabasePool).flatMap { try? $0.makeSnapshot() } : nil
        let released = view.withLock { view -> DatabaseSnapshot? in
            defer { view.snapshot = view.writing > 0 ? next : nil }
            view.generation += 1
            view.unheard = 0
            return view.snapshot
        }
        // Its transaction ends as it goes, outside the lock: a call into SQLite.
        withExtendedLifetime(released) {}
    }

    /// Rows changed (a write of rows, another process's commit, an import):
    /// the generation moves, and so does the view, unless the screens move
    /// it (they hear of it as `.statusSaved` or `.storeChanged`).
    func advanceGeneration() {
        generationCount.withLock { $0 += 1 }
        view.withLock { view in
            if !view.keptForScreens { view.generation += 1 }
        }
    }

    /// A write that may change rows (`changed` says from its result whether
    /// it did). When the screens move the view, it is held before the write
    /// and stays held until they hear of it, or, when nothing changed and no
    /// other change waits to be heard of, is let go at once; else the view
    /// moves now if rows changed. Either way the generation moves when they did.
    func writeRows<T>(changed: (T) -> Bool, _ body: (Database) throws -> T) throws(StoreError) -> T {
        let holds = holdView()
        var changedRows = false
        defer { if holds { finishHold(changedRows: changedRows) } }
        let result = try write(body)
        changedRows = changed(result)
        if changedRows { advanceGeneration() }
        return result
    }

    /// Before a write of rows: whether the screens move the view; if so it
    /// is held where it is (unless it is held already) and the write counted.
    private func holdView() -> Bool {
        guard let needsSnapshot = view.withLock({ view -> Bool? in
            guard view.keptForScreens else { return nil }
            view.writing += 1
            return view.snapshot == nil
        }) else { return false }
        // Begun outside the lock (it opens a connection); one held meanwhile wins, as it is older.
        guard needsSnapshot, let snapshot = (pool as? DatabasePool).flatMap({ try? $0.makeSnapshot() }) else { return true }
        view.withLock { view in
            if view.snapshot == nil { view.snapshot = snapshot }
        }
        return true
    }

    /// After a write of rows the view was held for.
    private func finishHold(changedRows: Bool) {
        let released = view.withLock { view -> DatabaseSnapshot? in
            view.writing -= 1
            if changedRows { view.unheard += 1 }
            guard view.writing == 0, view.unheard == 0 else { return nil }
            defer { view.snapshot = nil }
            return view.snapshot
        }
        withExtendedLifetime(released) {}
    }

    /// How many deliveries the store holds (rows are contiguous, so this is a key lookup, not a scan).
    func count() throws(StoreError) -> Int {
        try read { db in try Self.rowCount(db) }
    }

    /// The 0-based row of the delivery with `id` in store order, or nil.
    func row(ofDeliveryID id: String) throws(StoreError) -> Int? {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT position FROM delivery WHERE id = ?", arguments: [id]).map { $0 - 1 }
        }
    }

    static func rowCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT max(position) FROM delivery") ?? 0
    }

    /// A read in one snapshot; stopped early when the `ReadInterruption`
    /// bound to this thread (a worker's superseded request) is interrupted.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try read(in: pool, body)
    }

    /// A read from `reader` (the pool, or the screens' view), stopped early as `read` says.
    private func read<T>(in reader: some DatabaseReader, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            guard let interruption = ReadInterruption.current else { return try reader.read(body) }
            return try reader.read { db in try interruption.watching(db, body) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: url.path, opening: false)
        }
    }

    /// A write (not an import's): while it waits for an import's lock it says
    /// so (`WaitingWriters`), and the import lets it in within one of its
    /// slices. One that may change rows goes through `writeRows`.
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
        case .SQLITE_INTERRUPT:
            return StoreError(kind: .inputOutput, path: path, reason: "the read was interrupted: a newer one replaced it")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
            return StoreError(kind: opening ? .cannotCreate : .inputOutput, path: path,
                              reason: "cannot \(opening ? "open or create" : "write") the store (\(error.message ?? "\(error.resultCode)"))")
        default:
            return StoreError(kind: .inputOutput, path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
