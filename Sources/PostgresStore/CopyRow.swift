import Manifest
import Model
import PostgresNIO
import Store

/// One delivery as a line of COPY text format, for `delivery` itself or the
/// import's temporary table (`columns`, in this order): tab-separated, `\N`
/// for NULL, and backslash, tab, newline and carriage return escaped, so no
/// value can end a field or a row early.
enum CopyRow {
    /// The columns of a line: `sequence` goes in the first (`position`, or the temporary table's `seq`).
    static func columns(first: String) -> [String] {
        [first, "id", "name", "line1", "line2", "phone", "text_number", "status", "items", "instructions", "delivery_window",
         "name_length", "address_length", "window_length", "search_text", "imported_status"]
    }

    /// `searchText`: `searchText(of: delivery)`, which the caller also indexes (`SearchWords`).
    static func append(_ delivery: Delivery, sequence: Int32, searchText: String, to buffer: inout ByteBuffer) {
        let lengths = TextLengths(of: delivery)
        buffer.writeString(String(sequence))
        field(delivery.id, &buffer)
        field(delivery.name, &buffer)
        field(delivery.address.line1, &buffer)
        field(delivery.address.line2, &buffer)
        field(delivery.phone, &buffer)
        field(delivery.text, &buffer)
        field(delivery.status.rawValue, &buffer)
        field(ItemsColumn.encode(delivery.items), &buffer)
        field(delivery.instructions, &buffer)
        field(delivery.window, &buffer)
        field(String(lengths.name), &buffer)
        field(String(lengths.address), &buffer)
        field(String(lengths.window), &buffer)
        field(searchText, &buffer)
        field(delivery.status.rawValue, &buffer)
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    /// What search looks in: id, name and address, folded as the SQLite store folds them.
    static func searchText(of delivery: Delivery) -> String {
        SubstringSearch.searchedText(
            id: delivery.id, name: delivery.name, line1: delivery.address.line1, line2: delivery.address.line2)
    }

    private static func field(_ value: String?, _ buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\t"))
        guard let value else {
            buffer.writeStaticString("\\N")
            return
        }
        writeEscaped(value, &buffer)
    }

    /// `value` as a field's text: backslash, tab, newline and carriage return escaped.
    static func writeEscaped(_ value: String, _ buffer: inout ByteBuffer) {
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escape: UInt8
                switch byte {
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
                case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
                default: continue
                }
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                buffer.writeInteger(UInt8(ascii: "\\"))
                buffer.writeInteger(escape)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
        }
    }
}
