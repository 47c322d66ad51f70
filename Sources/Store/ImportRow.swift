import GRDB
import Manifest
import Model

/// One delivery made ready for the import's insert: its column values and its text lengths.
///
/// Prepared on the reading thread (the items encoded, the search text
/// folded), so the writer only binds and steps.
struct ImportRow: Sendable {
    let id: String
    /// The status the manifest gives.
    let status: String
    private let name: String
    private let line1: String
    private let line2: String?
    private let phone: String?
    private let text: String?
    private let items: String
    private let instructions: String?
    private let window: String?
    /// Its folded search text (`StoreSchema.folded`), made here rather than by
    /// the writer: the staged insert binds it, and the reader gathers its words.
    let searchText: String
    let lengths: TextLengths

    init(_ delivery: Delivery) {
        id = delivery.id
        status = delivery.status.rawValue
        name = delivery.name
        line1 = delivery.address.line1
        line2 = delivery.address.line2
        phone = delivery.phone
        text = delivery.text
        items = ItemsColumn.encode(delivery.items)
        instructions = delivery.instructions
        window = delivery.window
        searchText = StoreSchema.folded(id: delivery.id, name: delivery.name, address: delivery.address)
        lengths = TextLengths(of: delivery)
    }

    /// id, name, line1, line2, phone, text, status, importedStatus, items,
    /// instructions, window: the order of the columns both inserts name.
    var arguments: StatementArguments {
        [
            id, StoredText.bindable(name), StoredText.bindable(line1), StoredText.bindable(line2), StoredText.bindable(phone),
            StoredText.bindable(text), status, status, items, StoredText.bindable(instructions), StoredText.bindable(window),
        ]
    }

    /// Binds the staged insert's parameters (`StagedImport.write`): ?1–?11 as
    /// `arguments`, ?12 the folded text, ?13 the row's position, ?14 the status it keeps.
    /// Text that `StoredText` binds as bytes is bound whole, the rest as GRDB binds a String.
    func bindStaged(_ insert: BulkInsert, position: Int, status kept: String) {
        insert.bindUpToNUL(id, at: 1)
        insert.bind(name, at: 2)
        insert.bind(line1, at: 3)
        insert.bind(line2, at: 4)
        insert.bind(phone, at: 5)
        insert.bind(text, at: 6)
        insert.bindUpToNUL(status, at: 7)
        insert.bindUpToNUL(status, at: 8)
        insert.bindUpToNUL(items, at: 9)
        insert.bind(instructions, at: 10)
        insert.bind(window, at: 11)
        insert.bindUpToNUL(searchText, at: 12)
        insert.bind(position, at: 13)
        insert.bindUpToNUL(kept, at: 14)
    }
}
