import GRDB
import Manifest
import Model

/// A `Delivery` as a row of the `delivery` table: the columns selected, each
/// under its own name, and found by that name in the statement that reads
/// them (`Statement.index(ofColumnNamed:)`).
///
///     let rows = try DeliveryColumns.fetchCursor(db, "WHERE id = ?", arguments: [id])
///     while let (position, delivery) = try rows.next() { … }
struct DeliveryColumns {
    /// The SELECT list: text columns as their bytes (`StoredText`), each named as the table names it.
    static let selection = "position, id, " + ["name", "line1", "line2", "phone", "text"].map(StoredText.column).joined(separator: ", ")
        + ", status, items, " + ["instructions", "window"].map(StoredText.column).joined(separator: ", ")

    private let position, id, name, line1, line2, phone, text, status, items, instructions, window: Int

    /// The columns' places in `statement`, which selects `selection`.
    init(_ statement: Statement) throws {
        position = try statement.index(ofColumnNamed: "position")
        id = try statement.index(ofColumnNamed: "id")
        name = try statement.index(ofColumnNamed: "name")
        line1 = try statement.index(ofColumnNamed: "line1")
        line2 = try statement.index(ofColumnNamed: "line2")
        phone = try statement.index(ofColumnNamed: "phone")
        text = try statement.index(ofColumnNamed: "text")
        status = try statement.index(ofColumnNamed: "status")
        items = try statement.index(ofColumnNamed: "items")
        instructions = try statement.index(ofColumnNamed: "instructions")
        window = try statement.index(ofColumnNamed: "window")
    }

    /// Each delivery `SELECT selection FROM delivery <clauses>` finds, with its position.
    static func fetchCursor(
        _ db: Database, _ clauses: String, arguments: StatementArguments = []
    ) throws -> MapCursor<RowCursor, (position: Int64, delivery: Delivery)> {
        let statement = try db.makeStatement(sql: "SELECT \(selection) FROM delivery \(clauses)")
        let columns = try DeliveryColumns(statement)
        return try Row.fetchCursor(statement, arguments: arguments).map { row in
            (columns.position(of: row), columns.delivery(from: row))
        }
    }

    func position(of row: Row) -> Int64 { row[position] }

    func delivery(from row: Row) -> Delivery {
        Delivery(
            id: row[id], name: StoredText.string(row, name),
            address: Address(line1: StoredText.string(row, line1), line2: StoredText.optionalString(row, line2)),
            phone: StoredText.optionalString(row, phone), text: StoredText.optionalString(row, text),
            status: DeliveryStatus(rawValue: row[status]) ?? .pending,
            items: ItemsColumn.decode(row[items]),
            instructions: StoredText.optionalString(row, instructions), window: StoredText.optionalString(row, window)
        )
    }
}
