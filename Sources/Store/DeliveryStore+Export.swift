import GRDB
import Model

extension DeliveryStore {
    /// Hands every delivery `search(text, status:)` lists to `body`, in store
    /// order, through one cursor in one read snapshot (a million rows stream
    /// through without being held). Throws what `body` throws, or `StoreError`.
    public func forEachDelivery(
        matching text: String = "", status filter: StatusFilter = .all, _ body: (Delivery) throws -> Void
    ) throws {
        let query = try search(text, status: filter).query
        var failure: (any Error)?
        try read { db in
            let keep = query.map { "WHERE position IN (SELECT \($0.column) FROM \($0.table) WHERE \($0.condition))" } ?? ""
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(StoredDeliveries.columns) FROM delivery \(keep) ORDER BY position",
                arguments: StatementArguments(query?.arguments ?? []))
            while let row = try rows.next() {
                do {
                    try body(StoredDeliveries.delivery(from: row))
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
