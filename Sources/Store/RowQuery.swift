import GRDB

/// Which store positions a status filter keeps, as SQL that can count them
/// and list them in order a chunk at a time.
///
/// Such a result is listed lazily: the count comes first (SQLite counts a
/// million matches through the status index far faster than Swift can
/// collect them), and positions are read in growing chunks only as far as
/// the screens scroll. A search by words knows its positions at once instead
/// (`SearchMatches`).
struct RowQuery: Sendable {
    /// The table to read: `delivery`.
    var table: String
    /// Its position column.
    var column: String
    /// The condition, with a `?` for each argument.
    var condition: String
    var arguments: [String]

    /// Deliveries whose status is `status`, through the status index.
    static func status(_ status: String) -> RowQuery {
        RowQuery(table: "delivery", column: "position", condition: "status = ?", arguments: [status])
    }

    func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)", arguments: StatementArguments(arguments)) ?? 0
    }

    /// Up to `limit` positions after `position`, ascending.
    func positions(after position: Int64, limit: Int, _ db: Database, into positions: inout [Int32]) throws {
        let cursor = try Int64.fetchCursor(db, sql: """
            SELECT \(column) FROM \(table) WHERE \(condition) AND \(column) > ? ORDER BY \(column) LIMIT ?
            """, arguments: StatementArguments(arguments) + [position, limit])
        while let next = try cursor.next() { positions.append(Int32(truncatingIfNeeded: next)) }
    }
}
