import GRDB
import Model

extension DeliveryStore {
    /// Deliveries per status among those `text` finds (all deliveries for
    /// empty text), counted by SQLite: for the whole store, the four rows of
    /// `status_count` that triggers keep; for a search, one indexed count per
    /// status (its status token added to the search). Nothing is read into
    /// Swift row by row.
    public func statusCounts(matching text: String = "") throws(StoreError) -> StatusCounts {
        try read { db in
            guard SubstringSearch.query(for: text, status: nil) != nil else {
                var counts: [DeliveryStatus: Int] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT status, count FROM status_count")
                while let row = try rows.next() {
                    if let status = DeliveryStatus(rawValue: row[0]) { counts[status] = row[1] }
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
    public func lateDeliveries(at now: TimeOfDay) throws(StoreError) -> [Delivery] {
        try read { db in
            var late: [Delivery] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT \(StoredDeliveries.columns) FROM delivery
                WHERE status <> 'delivered' AND window IS NOT NULL AND window <> '' ORDER BY position
                """)
            while let row = try rows.next() {
                let delivery = StoredDeliveries.delivery(from: row)
                if delivery.isLate(at: now) { late.append(delivery) }
            }
            return late
        }
    }
}
