import GRDB
import GRDBSQLite

/// A statement run once a row for thousands of rows (a large import's staged
/// rows, its lookups of known ids), or one whose rows are thousands (the
/// positions of a status), its values bound and read through SQLite's C API
/// as they are: GRDB's argument objects and rows (a boxed value each, built
/// and copied for every row) cost more than SQLite's own work on the row.
struct BulkStatement {
    private let statement: Statement
    private let db: Database

    /// Prepared once a connection (GRDB's statement cache): an insert of 64
    /// rows costs SQLite more to parse than to run, so it is not prepared for
    /// each batch.
    init(_ sql: String, _ db: Database) throws {
        statement = try db.cachedStatement(sql: sql)
        self.db = db
    }

    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds the UTF-8 bytes of `text` where they lie, without SQLite copying
    /// them: they must stay there, unchanged, until `run` returns.
    func bind(lyingAt text: UnsafeRawBufferPointer, at index: Int32) {
        guard let start = text.baseAddress, !text.isEmpty else {
            // No address for no bytes: SQLite wants one for text ('' is not NULL).
            _ = sqlite3_bind_text(statement.sqliteStatement, index, "", 0, Self.transient)
            return
        }
        _ = sqlite3_bind_text(statement.sqliteStatement, index, start.assumingMemoryBound(to: CChar.self), Int32(text.count), nil)
    }

    /// Binds a literal's text, which never moves or changes, without SQLite
    /// copying it (a literal of one scalar has no such text: it is copied).
    func bind(literal text: StaticString, at index: Int32) {
        guard text.hasPointerRepresentation else { return bindUpToNUL(text.description, at: index) }
        bind(lyingAt: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), at: index)
    }

    func bindNull(at index: Int32) {
        _ = sqlite3_bind_null(statement.sqliteStatement, index)
    }

    /// Binds `text` up to its first NUL, as GRDB binds a String.
    func bindUpToNUL(_ text: String, at index: Int32) {
        _ = text.withCString { sqlite3_bind_text(statement.sqliteStatement, index, $0, -1, Self.transient) }
    }

    /// Binds `bytes` as a blob (empty, not NULL, when there are none).
    func bind(bytes: UnsafeRawBufferPointer, at index: Int32) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            _ = sqlite3_bind_zeroblob(statement.sqliteStatement, index, 0)
            return
        }
        _ = sqlite3_bind_blob(statement.sqliteStatement, index, start, Int32(bytes.count), Self.transient)
    }

    func bind(_ value: Int, at index: Int32) {
        _ = sqlite3_bind_int64(statement.sqliteStatement, index, Int64(value))
    }

    /// Runs the query bound and gives `read` its first row (read with
    /// `int(at:)` and `text(at:)`), or nil for none; readies the statement for the next.
    func first<T>(_ read: (BulkStatement) -> T) throws -> T? {
        let code = sqlite3_step(statement.sqliteStatement)
        defer { _ = sqlite3_reset(statement.sqliteStatement) }
        switch code {
        case SQLITE_ROW: return read(self)
        case SQLITE_DONE: return nil
        default:
            throw failure(code)
        }
    }

    /// Runs the query bound and calls `read` with each of its rows (read with
    /// `int(at:)` and `text(at:)`); readies the statement for the next.
    func forEach(_ read: (BulkStatement) throws -> Void) throws {
        defer { _ = sqlite3_reset(statement.sqliteStatement) }
        while true {
            let code = sqlite3_step(statement.sqliteStatement)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { return }
                throw failure(code)
            }
            try read(self)
        }
    }

    /// Column `index` (from 0) of the row `first` or `forEach` gives.
    func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(statement.sqliteStatement, index))
    }

    /// Column `index` (from 0) of the row `first` or `forEach` gives, as text up to its first NUL ("" for NULL).
    func text(at index: Int32) -> String {
        sqlite3_column_text(statement.sqliteStatement, index).map { String(cString: $0) } ?? ""
    }

    /// Calls `body` with the bytes of column `index` (from 0) of the row
    /// `first` or `forEach` gives, a blob or text as stored; they last only for the call.
    func withBytes<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = sqlite3_column_blob(statement.sqliteStatement, index)
        let count = Int(sqlite3_column_bytes(statement.sqliteStatement, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: start == nil ? 0 : count))
    }

    /// Binds a copy of the bytes of `text` (SQLite copies them before the call returns).
    func bind(copying text: UnsafeRawBufferPointer, at index: Int32) {
        guard let start = text.baseAddress, !text.isEmpty else {
            // No address for no bytes: SQLite wants one for text ('' is not NULL).
            _ = sqlite3_bind_text(statement.sqliteStatement, index, "", 0, Self.transient)
            return
        }
        _ = sqlite3_bind_text(statement.sqliteStatement, index, start.assumingMemoryBound(to: CChar.self), Int32(text.count), Self.transient)
    }

    /// How an insert of many rows a statement begins: `OR FAIL`, so that a
    /// row breaking a constraint stops the statement but does not undo the
    /// rows before it. A statement that may undo its own rows (`ABORT`, the
    /// default) makes SQLite keep a statement journal, a temporary file of
    /// the pages it changes, a file and many writes for every statement of
    /// a large import. Callers fail the whole transaction on any error anyway.
    static let insertPrefix = "INSERT OR FAIL INTO"

    /// Rows one statement of `insert(rows:into:columns:_:bind:)` inserts.
    static let rowsPerInsert = 64

    /// Inserts `count` rows into `columns` of `table`, `rowsPerInsert` a
    /// statement (the rest one at a time): with a statement a row, running
    /// the statement costs a large import more than SQLite's work on the
    /// rows. `bind` binds row `i`'s
    /// values to the statement given, from parameter `first` on, in `columns`' order.
    ///
    /// A row that breaks a constraint stops its statement without undoing
    /// the rows before it (`OR FAIL`, see `insertPrefix`): every caller then
    /// fails its whole transaction.
    static func insert(
        rows count: Int, into table: String, columns: [String], _ db: Database,
        bind: (_ row: Int, _ statement: BulkStatement, _ first: Int32) -> Void
    ) throws {
        let names = columns.joined(separator: ", ")
        let values = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let many = try BulkStatement("""
            \(insertPrefix) \(table)(\(names)) VALUES \(Array(repeating: values, count: rowsPerInsert).joined(separator: ", "))
            """, db)
        let one = try BulkStatement("\(insertPrefix) \(table)(\(names)) VALUES \(values)", db)
        var start = 0
        while start < count {
            let rows = count - start >= rowsPerInsert ? rowsPerInsert : 1
            let statement = rows > 1 ? many : one
            for offset in 0 ..< rows { bind(start + offset, statement, Int32(offset * columns.count + 1)) }
            try statement.run()
            start += rows
        }
    }

    /// Inserts the row bound, and readies the statement for the next.
    func run() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        _ = sqlite3_reset(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            throw failure(code)
        }
    }

    /// The error SQLite's result `code` stands for, with its message, as GRDB reports one.
    private func failure(_ code: Int32) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
