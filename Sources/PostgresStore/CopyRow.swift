import Manifest
import Model
import PostgresNIO
import Store

/// One delivery as a row of COPY's binary format (`BinaryCopy`), for
/// `delivery` itself or the import's temporary table (`columns`, in this
/// order).
///
/// A row is written straight into the buffer's free bytes, room for it made
/// first: an import writes a million of them, and writing a field at a time
/// through `ByteBuffer`, or making a String of the items, cost seconds.
enum CopyRow {
    /// The columns of a row: `sequence` goes in the first (`position`, or the temporary table's `seq`).
    static func columns(first: String) -> [String] {
        [first, "id", "name", "line1", "line2", "phone", "text_number", "status", "items", "instructions", "delivery_window",
         "name_length", "address_length", "window_length", "search_text", "imported_status"]
    }

    /// `searchText`: `searchText(of: delivery)`, which the caller also indexes
    /// (`SearchWords`); `items`: a buffer the items' JSON is made in, kept by
    /// the caller from row to row.
    static func append(
        _ delivery: Delivery, sequence: Int32, searchText: String, items: inout [UInt8], to buffer: inout ByteBuffer
    ) {
        let lengths = TextLengths(of: delivery)
        items.removeAll(keepingCapacity: true)
        ItemsColumn.encode(delivery.items, appendingTo: &items)
        func bytes(_ text: String?) -> Int { text?.utf8.count ?? 0 }
        let textBytes = bytes(delivery.id) + bytes(delivery.name) + bytes(delivery.address.line1) + bytes(delivery.address.line2)
            + bytes(delivery.phone) + bytes(delivery.text) + bytes(delivery.instructions) + bytes(delivery.window)
            + bytes(searchText) + 2 * bytes(delivery.status.rawValue) + items.count
        // Four integers among the sixteen fields.
        let most = BinaryCopy.rowBytes(fields: 16, payload: textBytes + 4 * 4)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: most) { free in
            guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
            var row = BinaryCopy.RowWriter(base: base, fields: 16)
            row.int32(sequence)
            row.text(delivery.id)
            row.text(delivery.name)
            row.text(delivery.address.line1)
            row.text(delivery.address.line2)
            row.text(delivery.phone)
            row.text(delivery.text)
            row.text(delivery.status.rawValue)
            items.withUnsafeBytes { row.bytes($0) }
            row.text(delivery.instructions)
            row.text(delivery.window)
            row.int32(Int32(clamping: lengths.name))
            row.int32(Int32(clamping: lengths.address))
            row.int32(Int32(clamping: lengths.window))
            row.text(searchText)
            row.text(delivery.status.rawValue)
            return row.count
        }
    }

    /// What search looks in: id, name and address, folded as the SQLite store folds them.
    static func searchText(of delivery: Delivery) -> String {
        SubstringSearch.searchedText(
            id: delivery.id, name: delivery.name, line1: delivery.address.line1, line2: delivery.address.line2)
    }
}
