import Manifest
import Model

/// One delivery as a row of COPY's binary format for an import, in
/// `columns`' order: into `delivery` itself (a first import) or the import's
/// temporary table (`position` then stands for the manifest's order).
/// `revision` is the feed position the row would take if all of the
/// manifest were new (the feed's position before the import plus the row's
/// position); a merge numbers only the rows it really changes.
struct HubImportRow {
    static let columns = "position, id, name, line1, line2, phone, text_number, status, imported_status, items, instructions, delivery_window, revision"
    static let fields = 13

    /// The items' JSON is made here, one buffer kept from row to row.
    private var items: [UInt8] = []

    mutating func append(_ delivery: Delivery, position: Int32, revision: Int64, to buffer: HubCopyBuffer) {
        items.removeAll(keepingCapacity: true)
        ItemsColumn.encode(delivery.items, appendingTo: &items)
        func bytes(_ text: String?) -> Int { text?.utf8.count ?? 0 }
        let textBytes = bytes(delivery.id) + bytes(delivery.name) + bytes(delivery.address.line1) + bytes(delivery.address.line2)
            + bytes(delivery.phone) + bytes(delivery.text) + bytes(delivery.instructions) + bytes(delivery.window)
            + 2 * bytes(delivery.status.rawValue) + items.count
        let most = HubCopyFormat.rowBytes(fields: Self.fields, payload: textBytes + 4 + 8)
        var row = HubCopyFormat.RowWriter(base: buffer.free(atLeast: most), fields: Self.fields)
        row.int32(position)
        row.text(delivery.id)
        row.text(delivery.name)
        row.text(delivery.address.line1)
        row.text(delivery.address.line2)
        row.text(delivery.phone)
        row.text(delivery.text)
        row.text(delivery.status.rawValue)
        row.text(delivery.status.rawValue)
        items.withUnsafeBytes { row.bytes($0) }
        row.text(delivery.instructions)
        row.text(delivery.window)
        row.int64(revision)
        buffer.advance(by: row.count)
    }
}
