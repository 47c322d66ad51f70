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
            delivery.id, delivery.name, delivery.address.line1, delivery.address.line2,
            delivery.phone, delivery.text, delivery.status.rawValue, delivery.status.rawValue,
            ItemsColumn.encode(delivery.items), delivery.instructions, delivery.window,
            UnspacedScript.spacedOut(delivery.name), UnspacedScript.spacedOut(StoreSchema.searchAddress(delivery.address)),
        ]
        lengths = TextLengths(of: delivery)
    }
}
