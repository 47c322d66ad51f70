import GRDB

/// Adds or updates deliveries by id one row at a time, in the caller's
/// transaction: the triggers keep the folded text and the counts, and the
/// caller hands the texts that changed to `SearchWordIndex.update` once its
/// rows are written. A small import (`DeliveryImporter.importDirectly`) and a
/// replica taking the server's changes (`ReplicaFeed`) both write so.
///
/// A status the store changed since the last upsert of a row stays unless the
/// incoming status differs from the last one upserted (`importedStatus`):
/// re-importing a manifest keeps a courier's change, and a manifest (or the
/// server) that itself changes a status wins.
struct DeliveryUpsert {
    private let upsert: Statement
    private let lengths: Statement
    private let oldText: Statement
    private let newText: Statement

    init(_ db: Database) throws {
        upsert = try db.makeStatement(sql: """
            INSERT INTO delivery(
                id, name, line1, line2, phone, text, status, importedStatus, items, instructions, window)
            VALUES (?, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), ?, ?, ?,
                    CAST(? AS TEXT), CAST(? AS TEXT))
            ON CONFLICT(id) DO UPDATE SET
                name = excluded.name, line1 = excluded.line1, line2 = excluded.line2,
                phone = excluded.phone, text = excluded.text,
                status = CASE WHEN delivery.importedStatus = excluded.importedStatus
                              THEN delivery.status ELSE excluded.status END,
                importedStatus = excluded.importedStatus,
                items = excluded.items, instructions = excluded.instructions, window = excluded.window
            RETURNING position
            """)
        lengths = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO delivery_length(position, name, address, window) VALUES (?, ?, ?, ?)
            """)
        oldText = try db.makeStatement(sql: "SELECT searchFolded FROM delivery WHERE id = ?")
        newText = try db.makeStatement(sql: "SELECT searchFolded FROM delivery WHERE position = ?")
    }

    /// Writes `row`; its position, and its folded text before and after when that changed.
    func write(_ row: ImportRow, path: String) throws -> (position: Int64, changedText: (old: String?, new: String)?) {
        let old = try String.fetchOne(oldText, arguments: [row.id])
        upsert.setUncheckedArguments(row.arguments)
        guard let position = try Int64.fetchOne(upsert) else {
            throw StoreError(kind: .inputOutput, path: path, reason: "no row for delivery \(row.id)")
        }
        lengths.setUncheckedArguments([position, row.lengths.name, row.lengths.address, row.lengths.window])
        try lengths.execute()
        // The text as the triggers folded it, after the upsert.
        let new = try String.fetchOne(newText, arguments: [position]) ?? ""
        return (position, old == new ? nil : (old, new))
    }
}
