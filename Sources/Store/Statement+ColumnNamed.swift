import GRDB

extension Statement {
    /// The index of the result column called `name`, looked up once for a
    /// statement so that its rows are read by name at the cost of reading by
    /// position (GRDB's `row["name"]` lowercases the name on every call, ten
    /// million times in a million-row export). Throws when the statement has
    /// no such column: the SQL and the reader disagree.
    func index(ofColumnNamed name: String) throws -> Int {
        guard let index = index(ofColumn: name) else {
            throw DatabaseError(message: "no column \(name) in the result of \(sql)")
        }
        return index
    }
}
