import PostgresNIO

/// Which rows a search keeps, as SQL over `delivery`: every typed word found
/// anywhere in the folded `search_text` (a `LIKE '%word%'` the trigram index
/// answers), and the status when a filter is on. Every value is a bound parameter.
struct PostgresSearch: Sendable, Hashable {
    /// LIKE patterns, one per word.
    var patterns: [String]
    var status: String?

    init?(text: String, status: String?) {
        patterns = SearchFolding.words(text).map(SearchFolding.likePattern)
        self.status = status
        if patterns.isEmpty && status == nil { return nil }
    }

    /// `SELECT <columns> FROM delivery WHERE <this search> <tail>`, with `tail`'s
    /// values bound after the search's own.
    func query(selecting columns: String, after position: Int32? = nil, limit: Int? = nil) -> PostgresQuery {
        var binds = PostgresBindings()
        var conditions: [String] = []
        for pattern in patterns {
            binds.append(pattern)
            conditions.append("search_text LIKE $\(binds.count)")
        }
        if let status {
            binds.append(status)
            conditions.append("status = $\(binds.count)")
        }
        if let position {
            binds.append(position)
            conditions.append("position > $\(binds.count)")
        }
        var sql = "SELECT \(columns) FROM delivery WHERE " + conditions.joined(separator: " AND ")
        if let limit {
            binds.append(limit)
            sql += " ORDER BY position LIMIT $\(binds.count)"
        }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}
