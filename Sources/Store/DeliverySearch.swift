import GRDB
import Model

/// Finding deliveries in a store: searches (`SubstringSearch`), sorted
/// lists, counts per status, the late ones, and every match streamed for an
/// export. Results are `StoredDeliveries`, read lazily page by page.
struct DeliverySearch: Sendable {
    let database: StoreDatabase
    /// How search results list their rows.
    let listing: ResultListing

    /// Every delivery in the store, in import order, read lazily page by page.
    func all() throws(StoreError) -> StoredDeliveries {
        StoredDeliveries(database: database, listing: listing, query: nil, count: try database.count())
    }

    /// The deliveries whose id, name or address contain every word of `text`
    /// anywhere, inside words too (`SubstringSearch`: case, diacritics and
    /// letters like ß and Ł folded; empty text matches all) and whose status passes
    /// `filter`. In import order, read lazily like `deliveries()`: the cost is
    /// counting the matches, not loading them.
    func search(_ text: String, status filter: StatusFilter = .all, sort: DeliveryOrder = .manifest) throws(StoreError) -> StoredDeliveries {
        if sort != .manifest { return try sorted(text, status: filter, by: sort) }
        let query: RowQuery
        if let substring = SubstringSearch.query(for: text, status: filter.status) {
            query = substring
        } else if let status = filter.status {
            query = .status(status.rawValue)
        } else {
            return try all()
        }
        let (count, total, positions) = try database.read { db in
            var positions: [Int32] = []
            // A small result is listed at once, in the same snapshot as its count.
            if query.readsEachRow {
                // Counting would check every candidate as listing does: list first,
                // and count only a result too big to list.
                try query.positions(after: 0, limit: listing.eagerLimit + 1, db, into: &positions)
                if positions.count <= listing.eagerLimit { return (positions.count, try StoreDatabase.rowCount(db), positions) }
                positions = []
            }
            let count = try query.count(db)
            if count <= listing.eagerLimit { try query.positions(after: 0, limit: count, db, into: &positions) }
            return (count, try StoreDatabase.rowCount(db), positions)
        }
        // Everything matched (a first letter that every id starts with): the
        // plain list is the same rows and needs no positions learnt.
        if count == total { return StoredDeliveries(database: database, listing: listing, query: nil, count: count) }
        return StoredDeliveries(database: database, listing: listing, query: query, count: count, positions: positions)
    }

    // MARK: - Sorting

    /// The SQL ordering for `order` (position breaks ties, so the order is total and stable).
    static func orderingSQL(_ order: DeliveryOrder) -> String {
        switch order {
        case .manifest: "position"
        case .window: "window IS NULL OR window = '', window, position"
        case .name: "name COLLATE NOCASE, position"
        case .status:
            "CASE status WHEN 'pending' THEN 0 WHEN 'out_for_delivery' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END, position"
        }
    }

    /// `search(_:status:)` in another order than the manifest's: SQLite
    /// sorts the matches and every position is read at once, in list order
    /// (4 bytes a row), so rows are then read by page as usual.
    private func sorted(_ text: String, status filter: StatusFilter, by order: DeliveryOrder) throws(StoreError) -> StoredDeliveries {
        let matches = try search(text, status: filter)
        let keep: String
        var arguments: [String] = []
        if let query = matches.query {
            keep = "WHERE position IN (SELECT \(query.column) FROM \(query.table) WHERE \(query.condition))"
            arguments = query.arguments
        } else {
            keep = ""
        }
        let positions: [Int32] = try database.read { db in
            var positions: [Int32] = []
            positions.reserveCapacity(matches.count)
            let cursor = try Int64.fetchCursor(
                db, sql: "SELECT position FROM delivery \(keep) ORDER BY \(Self.orderingSQL(order))",
                arguments: StatementArguments(arguments))
            while let next = try cursor.next() { positions.append(Int32(truncatingIfNeeded: next)) }
            return positions
        }
        let all = RowQuery(table: "delivery", column: "position", condition: "1", arguments: [])
        return StoredDeliveries(
            database: database, listing: listing, query: matches.query ?? all, count: positions.count, positions: positions, isSorted: true)
    }

    // MARK: - Counting

    /// Deliveries per status among those `text` finds (all deliveries for
    /// empty text), counted by SQLite: for the whole store, the four rows of
    /// `status_count` that triggers keep; for a search, one indexed count per
    /// status (its status token added to the search). Nothing is read into
    /// Swift row by row.
    func statusCounts(matching text: String = "") throws(StoreError) -> StatusCounts {
        try database.read { db in
            guard SubstringSearch.query(for: text, status: nil) != nil else {
                var counts: [DeliveryStatus: Int] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT status, count FROM status_count")
                while let row = try rows.next() {
                    if let status = DeliveryStatus(rawValue: row["status"]) { counts[status] = row["count"] }
                }
                return StatusCounts(counts)
            }
            var counts = StatusCounts()
            for status in DeliveryStatus.allCases {
                guard let query = SubstringSearch.query(for: text, status: status) else { continue }
                counts[status] = try query.count(db)
            }
            return counts
        }
    }

    /// The deliveries late at `now`: not delivered, and their window ended
    /// earlier today. In store order. Only rows with a window that are not
    /// delivered are read.
    func lateDeliveries(at now: TimeOfDay) throws(StoreError) -> [Delivery] {
        try database.read { db in
            var late: [Delivery] = []
            let rows = try DeliveryColumns.fetchCursor(
                db, "WHERE status <> 'delivered' AND window IS NOT NULL AND window <> '' ORDER BY position")
            while let (_, delivery) = try rows.next() {
                if delivery.isLate(at: now) { late.append(delivery) }
            }
            return late
        }
    }

    // MARK: - Streaming

    /// Hands every delivery `search(text, status:)` lists to `body`, in store
    /// order, through one cursor in one read snapshot (a million rows stream
    /// through without being held). Throws what `body` throws, or `StoreError`.
    func forEachDelivery(
        matching text: String = "", status filter: StatusFilter = .all, _ body: (Delivery) throws -> Void
    ) throws {
        let query = try search(text, status: filter).query
        var failure: (any Error)?
        try database.read { db in
            let keep = query.map { "WHERE position IN (SELECT \($0.column) FROM \($0.table) WHERE \($0.condition))" } ?? ""
            let rows = try DeliveryColumns.fetchCursor(
                db, "\(keep) ORDER BY position", arguments: StatementArguments(query?.arguments ?? []))
            while let (_, delivery) = try rows.next() {
                do {
                    try body(delivery)
                } catch {
                    // The body's own error (a closed pipe) passes through unchanged.
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }
}
