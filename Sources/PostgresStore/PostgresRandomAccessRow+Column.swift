import PostgresNIO

extension PostgresRandomAccessRow {
    /// The value of the column called `name`. Throws, where postgres-nio's
    /// own subscript would trap, when the row has no such column: the SQL and
    /// the reader disagree.
    func decode<Value: PostgresDecodable>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        guard contains(name) else {
            throw PostgresColumnMissing(name: name, columns: map(\.columnName))
        }
        return try self[name].decode(Value.self)
    }
}

/// A row read by column name lacks the column.
struct PostgresColumnMissing: Error, CustomStringConvertible {
    var name: String
    var columns: [String]

    var description: String { "no column \(name) in a row of \(columns.joined(separator: ", "))" }
}
