import Model

/// Deliveries as RFC 4180 CSV: a header line, then one record per delivery;
/// records end in CRLF; a field holding a comma, a double quote, CR or LF is
/// put in double quotes, with its quotes doubled.
///
/// Columns: id, name, line1, line2, phone, text, status, window,
/// instructions, items. Absent values are empty; `status` is the manifest's
/// spelling (`out_for_delivery`); `items` is `QUANTITY×NAME` joined by `; `.
///
/// Records are written as UTF-8 bytes, looked at a byte at a time: the four
/// bytes that make a field quoted are ASCII, and no byte of a longer UTF-8
/// sequence is ASCII. (Looking at each field's characters, and joining
/// strings, would make a large export several times slower.)
enum DeliveryCSV {
    static let header = ["id", "name", "line1", "line2", "phone", "text", "status", "window", "instructions", "items"]

    /// Appends a record of `fields`.
    static func append(record fields: [String], to bytes: inout [UInt8]) {
        for (index, value) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field: value, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends the record of `delivery`.
    static func append(_ delivery: Delivery, to bytes: inout [UInt8]) {
        let texts = [
            delivery.id, delivery.name, delivery.address.line1, delivery.address.line2 ?? "",
            delivery.phone ?? "", delivery.text ?? "", delivery.status.rawValue, delivery.window ?? "",
            delivery.instructions ?? "",
        ]
        for value in texts {
            append(field: value, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        var items: [UInt8] = []
        for (index, item) in delivery.items.enumerated() {
            if index > 0 { items.append(contentsOf: "; ".utf8) }
            items.append(contentsOf: String(item.quantity).utf8)
            items.append(contentsOf: "×".utf8)
            items.append(contentsOf: item.name.utf8)
        }
        append(field: items, to: &bytes)
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends one field, quoted when it holds a comma, a double quote or a
    /// control character (CR, LF, ESC…: kept exactly, and plainly inside quotes).
    static func append(field value: String, to bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { append(field: $0, to: &bytes) }
    }

    private static func append<Field: Collection<UInt8>>(field value: Field, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        guard value.contains(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 < 0x20 || $0 == 0x7F }) else {
            bytes.append(contentsOf: value)
            return
        }
        bytes.append(quote)
        for byte in value {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
    }
}
