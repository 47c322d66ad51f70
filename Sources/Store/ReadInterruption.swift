import GRDB
import GRDBSQLite
import Synchronization

/// Stops a store read nobody waits for any more: a search superseded by the
/// next keystroke, which at a million rows could read on for a second.
///
/// A `LatestRequestWorker` binds one to `current` while it answers a
/// request and calls `interrupt()` when a newer request comes; every
/// `StoreDatabase.read` made meanwhile on that thread watches it. The
/// statement under way is stopped at once (`sqlite3_interrupt` on the
/// reading connection), and so is any statement the read starts afterwards
/// (a progress handler looks at the flag every few thousand SQLite
/// instructions: `sqlite3_interrupt` between two statements is forgotten).
/// The read then throws `SQLITE_INTERRUPT`, and the worker drops it with
/// the rest of the superseded answer. Writes never watch it.
public final class ReadInterruption: Sendable {
    /// The interruption the reads on this thread (or task) watch, if any.
    @TaskLocal public static var current: ReadInterruption?

    /// SQLite instructions between two looks at the flag: a few microseconds.
    static let instructionsBetweenLooks: Int32 = 4096

    private struct State {
        var interrupted = false
        /// The connection reading for this interruption now, if any.
        var connection: Connection?
    }

    /// A connection handed to `interrupt()` on another thread: SQLite allows
    /// `sqlite3_interrupt` from any thread while the connection is open, and
    /// it is only used while the read holds it.
    private struct Connection: @unchecked Sendable {
        let handle: SQLiteConnection
    }

    private let state = Mutex(State())
    /// `state.interrupted` for the progress handler, which runs inside SQLite's steps.
    private let flag = Atomic(false)

    public init() {}

    /// Stops the reads made for this interruption, the one under way and any later one.
    public func interrupt() {
        state.withLock { state in
            state.interrupted = true
            flag.store(true, ordering: .relaxed)
            // Only while the read holds the connection: it may be lent to another read after.
            if let connection = state.connection { sqlite3_interrupt(connection.handle) }
        }
    }

    /// Whether `interrupt()` was called.
    public var isInterrupted: Bool { flag.load(ordering: .relaxed) }

    /// Runs `body` on `db`, stopped by `interrupt()`.
    func watching<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        guard let connection = db.sqliteConnection else { return try body(db) }
        let started = state.withLock { state in
            if !state.interrupted { state.connection = Connection(handle: connection) }
            return !state.interrupted
        }
        guard started else { throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted") }
        sqlite3_progress_handler(connection, Self.instructionsBetweenLooks, { context in
            guard let context else { return 0 }
            return Unmanaged<ReadInterruption>.fromOpaque(context).takeUnretainedValue().isInterrupted ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        defer {
            sqlite3_progress_handler(connection, 0, nil, nil)
            state.withLock { $0.connection = nil }
        }
        // Bound again inside the read, which may run on the pool's queue: long
        // Swift loops in it (a word index's position lists) look at it too.
        return try Self.$current.withValue(self) { try body(db) }
    }
}
