import Model

/// Writes a generated manifest as JSON in the bundled schema
/// (`{"deliveries":[…]}`, one delivery a line), streaming it out in chunks so
/// that a million rows never sit in memory as one string.
///
/// ```swift
/// try ManifestWriter(count: 1_000_000, seed: 7).write { chunk in try file.write(contentsOf: chunk) }
/// ```
public struct ManifestWriter: Sendable {
    public let count: Int
    public let generator: DeliveryGenerator

    public init(count: Int, seed: UInt64) {
        self.count = max(0, count)
        generator = DeliveryGenerator(seed: seed)
    }

    /// Hands the manifest to `sink` in chunks of about `chunkSize` bytes.
    public func write(chunkSize: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkSize + 4096)
        buffer.append(contentsOf: #"{"deliveries":["#.utf8)
        for index in 0 ..< count {
            buffer.append(UInt8(ascii: "\n"))
            Self.append(generator.delivery(at: index), to: &buffer)
            if index + 1 < count { buffer.append(UInt8(ascii: ",")) }
            if buffer.count >= chunkSize {
                try buffer.withUnsafeBytes(sink)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: "\n]}\n".utf8)
        try buffer.withUnsafeBytes(sink)
    }

    /// The whole manifest as bytes (for small counts and tests).
    public func bytes() -> [UInt8] {
        var all: [UInt8] = []
        write { all.append(contentsOf: $0) }
        return all
    }

    // MARK: - JSON

    /// One delivery as a JSON object in the manifest schema (what `export
    /// --format json` writes between the manifest's brackets).
    public static func appendJSON(_ delivery: Delivery, to out: inout [UInt8]) {
        append(delivery, to: &out)
    }

    static func append(_ delivery: Delivery, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        appendField("id", delivery.id, to: &out, first: true)
        appendField("name", delivery.name, to: &out)
        out.append(contentsOf: #","address":{"#.utf8)
        appendField("line1", delivery.address.line1, to: &out, first: true)
        if let line2 = delivery.address.line2 { appendField("line2", line2, to: &out) }
        out.append(UInt8(ascii: "}"))
        if let phone = delivery.phone { appendField("phone", phone, to: &out) }
        if let text = delivery.text { appendField("text", text, to: &out) }
        appendField("status", delivery.status.rawValue, to: &out)
        out.append(contentsOf: #","items":["#.utf8)
        for (i, item) in delivery.items.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            appendField("name", item.name, to: &out, first: true)
            out.append(contentsOf: #","quantity":"#.utf8)
            out.append(contentsOf: String(item.quantity).utf8)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let instructions = delivery.instructions { appendField("instructions", instructions, to: &out) }
        if let window = delivery.window { appendField("window", window, to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    private static func appendField(_ key: StaticString, _ value: String, to out: inout [UInt8], first: Bool = false) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: #"":"#.utf8)
        appendString(value, to: &out)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0 ..< 0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
