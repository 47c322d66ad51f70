import GRDB
import Model

extension DeliveryStore {
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
    func sorted(_ text: String, status filter: StatusFilter, by order: DeliveryOrder) throws(StoreError) -> StoredDeliveries {
        let matches = try search(text, status: filter)
        let keep: String
        var arguments: [String] = []
        if let query = matches.query {
            keep = "WHERE position IN (SELECT \(query.column) FROM \(query.table) WHERE \(query.condition))"
            arguments = query.arguments
        } else {
            keep = ""
        }
        let positions: [Int32] = try read { db in
            var positions: [Int32] = []
            positions.reserveCapacity(matches.count)
            let cursor = try Int64.fetchCursor(
                db, sql: "SELECT position FROM delivery \(keep) ORDER BY \(Self.orderingSQL(order))",
                arguments: StatementArguments(arguments))
            while let next = try cursor.next() { positions.append(Int32(truncatingIfNeeded: next)) }
            return positions
        }
        let all = RowQuery(table: "delivery", column: "position", condition: "1", arguments: [])
        return StoredDeliveries(store: self, query: matches.query ?? all, count: positions.count, positions: positions, isSorted: true)
    }
}

extension StoredDeliveries {
    /// Where the delivery with `id` is in this list; when it is not listed,
    /// the row nearest to where it would be by store position (the next
    /// listed one after it, or the last). Nil for a sorted list that does
    /// not hold it, or an unknown id.
    public func row(nearestTo id: String) -> Int? {
        guard count > 0, let position = try? storeOwner.row(ofDeliveryID: id).map({ Int64($0 + 1) }) else { return nil }
        if isSorted {
            return knownPositions.firstIndex(of: Int32(truncatingIfNeeded: position))
        }
        guard let query else { return min(count - 1, Int(position) - 1) }
        let before = try? storeOwner.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(query.table) WHERE \(query.condition) AND \(query.column) < ?",
                             arguments: StatementArguments(query.arguments) + [position])
        }
        return before.map { min(count - 1, $0) }
    }
}
