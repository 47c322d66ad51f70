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
            WHERE delivery.name IS NOT excluded.name OR delivery.line1 IS NOT excluded.line1
                OR delivery.line2 IS NOT excluded.line2 OR delivery.phone IS NOT excluded.phone
                OR delivery.text IS NOT excluded.text OR delivery.importedStatus IS NOT excluded.importedStatus
                OR delivery.items IS NOT excluded.items OR delivery.instructions IS NOT excluded.instructions
                OR delivery.window IS NOT excluded.window
            RETURNING position
            """)
        lengths = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO delivery_length(position, name, address, window) VALUES (?, ?, ?, ?)
            """)
        oldText = try db.makeStatement(sql: "SELECT position, searchFolded FROM delivery WHERE id = ?")
        newText = try db.makeStatement(sql: "SELECT searchFolded FROM delivery WHERE position = ?")
    }

    /// Writes `row`: its position, whether anything of it changed (a new
    /// row did; a known one left as it was is not written at all, so that an
    /// import can say how many it changed), and its folded text before and
    /// after when that changed.
    func write(_ row: ImportRow, path: String) throws -> (position: Int64, changed: Bool, changedText: (old: String?, new: String)?) {
        let old = try Row.fetchOne(oldText, arguments: [row.id])
        upsert.setUncheckedArguments(row.arguments)
        // No row back: the update's WHERE found every column as the manifest has it.
        guard let position = try Int64.fetchOne(upsert) else {
            guard let old else { throw StoreError(kind: .inputOutput, path: path, reason: "no row for delivery \(row.id)") }
            return (old["position"], false, nil)
        }
        lengths.setUncheckedArguments([position, row.lengths.name, row.lengths.address, row.lengths.window])
        try lengths.execute()
        // The text as the triggers folded it, after the upsert.
        let oldFolded: String? = old?["searchFolded"]
        let new = try String.fetchOne(newText, arguments: [position]) ?? ""
        return (position, true, oldFolded == new ? nil : (oldFolded, new))
    }
}
