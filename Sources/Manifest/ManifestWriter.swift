import Model

/// Writes deliveries as manifest JSON, `{"deliveries":[…]}` with one delivery
/// a line: what `export --format json` and `generate` print and what the
/// store's items column holds (`appendItems`). The one JSON writer, as
/// `ManifestParser` is the one reader: whatever it writes, the parser reads
/// back as the same values.
///
/// It streams: the caller appends a delivery at a time to a byte buffer and
/// empties the buffer when it likes, so a million rows never sit in memory.
///
/// ```swift
/// var writer = ManifestWriter()
/// var bytes: [UInt8] = []
/// writer.begin(&bytes)
/// for delivery in deliveries { writer.append(delivery, to: &bytes) }
/// writer.end(&bytes)
/// ```
public struct ManifestWriter: Sendable {
    private var wroteDelivery = false

    public init() {}

    /// The whole manifest of `deliveries`.
    public static func bytes(of deliveries: some Sequence<Delivery>) -> [UInt8] {
        var writer = ManifestWriter()
        var bytes: [UInt8] = []
        writer.begin(&bytes)
        for delivery in deliveries { writer.append(delivery, to: &bytes) }
        writer.end(&bytes)
        return bytes
    }

    /// The opening of the manifest, before its first delivery.
    public func begin(_ out: inout [UInt8]) {
        Self.appendLiteral(#"{"deliveries":["#, to: &out)
    }

    /// The next delivery, on a line of its own.
    public mutating func append(_ delivery: Delivery, to out: inout [UInt8]) {
        if wroteDelivery { out.append(UInt8(ascii: ",")) }
        wroteDelivery = true
        out.append(UInt8(ascii: "\n"))
        Self.appendDelivery(delivery, to: &out)
    }

    /// The end of the manifest, after its last delivery.
    public func end(_ out: inout [UInt8]) {
        Self.appendLiteral("\n]}\n", to: &out)
    }

    // MARK: - Values

    /// One delivery as a JSON object in the manifest schema; absent optional fields are left out.
    static func appendDelivery(_ delivery: Delivery, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        appendField("id", delivery.id, to: &out, first: true)
        appendField("name", delivery.name, to: &out)
        Self.appendLiteral(#","address":{"#, to: &out)
        appendField("line1", delivery.address.line1, to: &out, first: true)
        if let line2 = delivery.address.line2 { appendField("line2", line2, to: &out) }
        out.append(UInt8(ascii: "}"))
        if let phone = delivery.phone { appendField("phone", phone, to: &out) }
        if let text = delivery.text { appendField("text", text, to: &out) }
        appendField("status", delivery.status.rawValue, to: &out)
        Self.appendLiteral(#","items":"#, to: &out)
        appendItems(delivery.items, to: &out)
        if let instructions = delivery.instructions { appendField("instructions", instructions, to: &out) }
        if let window = delivery.window { appendField("window", window, to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// Items as a compact JSON array, `[{"name":"Tea","quantity":2}]`.
    static func appendItems(_ items: [Item], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            appendField("name", item.name, to: &out, first: true)
            appendLiteral(#","quantity":"#, to: &out)
            DecimalText.append(item.quantity, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func appendField(_ key: StaticString, _ value: String, to out: inout [UInt8], first: Bool = false) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        appendLiteral(key, to: &out)
        appendLiteral(#"":"#, to: &out)
        appendString(value, to: &out)
    }

    /// The bytes of a literal, copied whole (a String's UTF-8 view is appended a byte at a time).
    private static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal: quote and backslash escaped, control characters
    /// as JSON's short escapes or `\u00XX`, everything else as its UTF-8 bytes
    /// (bytes of multi-byte characters are never below 0x80).
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            // Runs of bytes that need no escape are copied whole, found eight bytes at a time.
            var start = 0
            var index = 0
            while index < bytes.count {
                index = ByteWord.skip(base, from: index, to: bytes.count) {
                    ByteWord.marks(UInt8(ascii: "\""), in: $0) | ByteWord.marks(UInt8(ascii: "\\"), in: $0) | ByteWord.marksBelow(0x20, in: $0)
                }
                guard index < bytes.count else { break }
                let byte = base[index]
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                switch byte {
                case UInt8(ascii: "\""): Self.appendLiteral(#"\""#, to: &out)
                case UInt8(ascii: "\\"): Self.appendLiteral(#"\\"#, to: &out)
                case 0x0A: Self.appendLiteral(#"\n"#, to: &out)
                case 0x0D: Self.appendLiteral(#"\r"#, to: &out)
                case 0x09: Self.appendLiteral(#"\t"#, to: &out)
                default:
                    Self.appendLiteral(#"\u00"#, to: &out)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
                index += 1
                start = index
            }
            out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: bytes.count - start))
        }
        out.append(UInt8(ascii: "\""))
    }
}
