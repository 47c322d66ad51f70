import GRDB
import Model

/// Finding deliveries in a store: searches (`SubstringSearch`, answered by
/// `SearchWordIndex`), sorted
/// lists, counts per status, the late ones, and every match streamed for an
/// export. Results are `StoredDeliveries`, read lazily page by page.
struct DeliverySearch: Sendable {
    let database: StoreDatabase
    /// How search results list their rows.
    let listing: ResultListing
    /// Each text order's whole list, once read (`sorted`).
    let keptTextOrders: KeptTextOrders
    /// The status order's whole list, while no write came since it was read.
    let keptStatusOrder = KeptStatusOrder()

    /// Every delivery in the store, in import order, read lazily page by page.
    func all() throws(StoreError) -> StoredDeliveries {
        StoredDeliveries(database: database, listing: listing, query: nil, count: try database.count())
    }

    /// The deliveries whose id, name or address contain every word of `text`
    /// anywhere, inside words too (`SubstringSearch`: case, diacritics and
    /// letters like ß and Ł folded; empty text matches all) and whose status passes
    /// `filter`. In import order. A search knows every row it holds at once
    /// (the word index answers with all positions, `SearchWordIndex`); a
    /// status filter alone is counted and read lazily, like `deliveries()`.
    func search(_ text: String, status filter: StatusFilter = .all, sort: DeliveryOrder = .manifest) throws(StoreError) -> StoredDeliveries {
        if sort != .manifest { return try sorted(text, status: filter, by: sort) }
        let (matches, count, total, positions) = try database.read { db in
            let matches = try SearchMatches.find(text, status: filter.status?.rawValue, db)
            let total = try StoreDatabase.rowCount(db)
            switch matches {
            case .all:
                return (matches, total, total, [Int32]())
            case let .positions(positions):
                return (matches, positions.count, total, positions)
            case let .status(status):
                // A small result is listed at once, in the same snapshot as its count.
                let query = RowQuery.status(status)
                let count = try query.count(db)
                var positions: [Int32] = []
                if count <= listing.eagerLimit { try query.positions(after: 0, limit: count, db, into: &positions) }
                return (matches, count, total, positions)
            }
        }
        // Everything matched (a first letter that every id starts with): the
        // plain list is the same rows and needs no positions.
        if count == total { return StoredDeliveries(database: database, listing: listing, query: nil, count: count) }
        switch matches {
        case let .status(status):
            return StoredDeliveries(database: database, listing: listing, query: .status(status), count: count, positions: positions)
        case .all, .positions:
            return StoredDeliveries(database: database, listing: listing, query: nil, count: count, positions: positions, listed: true)
        }
    }

    // MARK: - Sorting

    /// `search(_:status:)` in another order than the manifest's: every
    /// position is read at once, in list order (4 bytes a row), so rows are
    /// then read by page as usual. Every row's order is read from its index
    /// (`IndexedOrder`) and kept (`KeptTextOrders`, `KeptStatusOrder`); a status
    /// filter, or a search finding many rows, keeps those of that whole
    /// list, a linear pass; SQLite sorts the matches of a search finding
    /// few, so a search in a text order never sorts many rows.
    private func sorted(_ text: String, status filter: StatusFilter, by order: DeliveryOrder) throws(StoreError) -> StoredDeliveries {
        // Before the read: a write after it moves the generation on, so what is read is not kept past it.
        let generation = database.generation
        let positions: [Int32] = try database.read { db in
            let matches = try SearchMatches.find(text, status: filter.status?.rawValue, db)
            let total = try StoreDatabase.rowCount(db)
            var kept = KeptTextOrders.keeps(order) ? keptTextOrders.whole(order) : nil
            if let stale = kept, stale.count != total {
                // Another process imported since it was read, and no refresh has said so yet.
                keptTextOrders.textsChanged()
                kept = nil
            }
            let read = { try IndexedOrder.positions(order, db) }
            let whole = { [kept] in
                try kept ?? (KeptTextOrders.keeps(order)
                    ? keptTextOrders.whole(order, read: read) : keptStatusOrder.whole(at: generation, count: total, read: read))
            }
            switch matches {
            case .all:
                return try whole()
            case let .status(status):
                let held = try IndexedOrder.positions(of: status, db)
                // One status's rows in the status order: position order, as the index lists them.
                if order == .status { return held }
                return KeptTextOrders.ordered(PositionSet(held, capacity: total), by: try whole())
            case let .positions(found) where kept != nil || found.count * KeptTextOrders.wholeOrderShare >= total:
                return KeptTextOrders.ordered(PositionSet(found, capacity: total), by: try whole())
            case .positions:
                return try Self.positions(ordered: order, matches.condition, db)
            }
        }
        return StoredDeliveries(
            database: database, listing: listing, query: nil, count: positions.count, positions: positions, listed: true, isSorted: true)
    }

    /// Reads every row's order of each sort order and keeps it, so that a
    /// first sort finds it: for a worker at start, off the key path.
    func readSortOrdersAhead() throws(StoreError) {
        for order in DeliveryOrder.allCases where order != .manifest {
            _ = try sorted("", status: .all, by: order)
        }
    }

    /// The positions `keep` keeps, sorted by SQLite in `order`.
    private static func positions(ordered order: DeliveryOrder, _ keep: (sql: String, arguments: StatementArguments), _ db: Database) throws -> [Int32] {
        var positions: [Int32] = []
        let cursor = try Int64.fetchCursor(
            db, sql: "SELECT position FROM delivery \(keep.sql) ORDER BY \(StoreOrdering.sql(order))", arguments: keep.arguments)
        while let next = try cursor.next() { positions.append(Int32(truncatingIfNeeded: next)) }
        return positions
    }

    // MARK: - Counting

    /// Deliveries per status among those `text` finds (all deliveries for
    /// empty text): for the whole store, the four rows of `status_count` that
    /// triggers keep; for a search, its matches' statuses counted by SQLite
    /// (a few), or the status index read against them (many; all but the
    /// most common status, which is what the others leave).
    func statusCounts(matching text: String = "") throws(StoreError) -> StatusCounts {
        try database.read { db in
            guard case let .positions(positions) = try SearchMatches.find(text, status: nil, db) else {
                var counts: [DeliveryStatus: Int] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT status, count FROM status_count")
                while let row = try rows.next() {
                    if let status = DeliveryStatus(rawValue: row["status"]) { counts[status] = row["count"] }
                }
                return StatusCounts(counts)
            }
            var counts = StatusCounts()
            guard !positions.isEmpty else { return counts }
            if positions.count <= listing.countedBySQL {
                let keep = SearchMatches.positions(positions).condition
                let rows = try Row.fetchCursor(db, sql: "SELECT status, count(*) FROM delivery \(keep.sql) GROUP BY status",
                                               arguments: keep.arguments)
                while let row = try rows.next() {
                    if let status = DeliveryStatus(rawValue: row[0]) { counts[status] = row[1] }
                }
                return counts
            }
            let matched = PositionSet(positions, capacity: try StoreDatabase.rowCount(db))
            // The most common status is what the others leave: its index, the longest, is not read.
            let common = try String.fetchOne(db, sql: "SELECT status FROM status_count ORDER BY count DESC LIMIT 1")
                .flatMap(DeliveryStatus.init(rawValue:))
            var others = 0
            // Hundreds of thousands of positions at 10^6: read through the C API (`BulkStatement`), not a GRDB cursor.
            let byStatus = try BulkStatement("SELECT position FROM delivery WHERE status = ?", db)
            for status in DeliveryStatus.allCases where status != common {
                var count = 0
                byStatus.bindUpToNUL(status.rawValue, at: 1)
                try byStatus.forEach { row in
                    if matched.contains(Int32(truncatingIfNeeded: row.int(at: 0))) { count += 1 }
                }
                counts[status] = count
                others += count
            }
            if let common { counts[common] = positions.count - others }
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
        var failure: (any Error)?
        try database.read { db in
            let keep = try SearchMatches.find(text, status: filter.status?.rawValue, db).condition
            let rows = try DeliveryColumns.fetchCursor(db, "\(keep.sql) ORDER BY position", arguments: keep.arguments)
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
