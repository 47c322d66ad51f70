import GRDB
import Manifest
import Model

/// One delivery made ready for the import's insert: its bound values and its text lengths.
///
/// Prepared on the reading thread, so the writer only binds and steps.
struct ImportRow: Sendable {
    var id: String
    /// The status the manifest gives.
    var status: String
    /// id, name, line1, line2, phone, text, status, importedStatus, items,
    /// instructions, window: the order of the columns both inserts name.
    var arguments: StatementArguments
    /// Its folded search text (`StoreSchema.folded`), made here rather than by
    /// the writer: the staged insert binds it, and the reader gathers its words.
    let searchText: String
    var lengths: TextLengths

    init(_ delivery: Delivery) {
        id = delivery.id
        status = delivery.status.rawValue
        arguments = [
            delivery.id, StoredText.bindable(delivery.name), StoredText.bindable(delivery.address.line1),
            StoredText.bindable(delivery.address.line2), StoredText.bindable(delivery.phone), StoredText.bindable(delivery.text),
            delivery.status.rawValue, delivery.status.rawValue,
            ItemsColumn.encode(delivery.items), StoredText.bindable(delivery.instructions), StoredText.bindable(delivery.window),
        ]
        searchText = StoreSchema.folded(id: delivery.id, name: delivery.name, address: delivery.address)
        lengths = TextLengths(of: delivery)
    }

    /// The staged insert's arguments (`StagedImport.write`): the columns,
    /// the folded text, then the row's position and the status it keeps.
    func stagedArguments(position: Int, status: String) -> StatementArguments {
        arguments + [searchText, position, status]
    }
}
