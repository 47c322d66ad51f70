import GRDB
import Model

/// One delivery made ready for the import's insert: its bound values and its text lengths.
///
/// Prepared on the reading thread, so the writer only binds and steps.
struct ImportRow: Sendable {
    var id: String
    /// The upsert's arguments, in `DeliveryStore.importManifest`'s column order.
    var arguments: StatementArguments
    var lengths: TextLengths

    init(_ delivery: Delivery) {
        id = delivery.id
        arguments = [
            delivery.id, StoredText.bindable(delivery.name), StoredText.bindable(delivery.address.line1),
            StoredText.bindable(delivery.address.line2), StoredText.bindable(delivery.phone), StoredText.bindable(delivery.text),
            delivery.status.rawValue, delivery.status.rawValue,
            ItemsColumn.encode(delivery.items), StoredText.bindable(delivery.instructions), StoredText.bindable(delivery.window),
            StoredText.bindable(UnspacedScript.spacedOut(delivery.name)),
            StoredText.bindable(UnspacedScript.spacedOut(StoreSchema.searchAddress(delivery.address))),
        ]
        lengths = TextLengths(of: delivery)
    }
}
