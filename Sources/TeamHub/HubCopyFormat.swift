/// COPY's binary format: a header, then per row a count of fields and each
/// field as its length (-1 for NULL) and its bytes, then a trailer. The
/// server reads a field by its length rather than scanning every byte for
/// tabs, newlines and escapes as the text format makes it, a scan that is
/// a large share of the server's work in a big import.
enum HubCopyFormat {
    /// The signature, the flags (none) and the header extension's length (none).
    static let header: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]
    /// A field count of -1: no more rows.
    static let trailer: [UInt8] = [0xFF, 0xFF]

    /// The bytes a row of `fields` fields takes, `payload` bytes of values among them.
    static func rowBytes(fields: Int, payload: Int) -> Int {
        2 + 4 * fields + payload
    }

    /// Writes one row's fields into memory made room in first (`rowBytes`).
    struct RowWriter {
        let base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0

        /// Begins a row of `fields` fields.
        init(base: UnsafeMutablePointer<UInt8>, fields: Int) {
            self.base = base
            store(Int16(fields))
        }

        /// An `integer` field.
        mutating func int32(_ value: Int32) {
            store(Int32(4))
            store(value)
        }

        /// A `bigint` field.
        mutating func int64(_ value: Int64) {
            store(Int32(8))
            store(value)
        }

        /// A `text` field, or NULL for nil.
        mutating func text(_ value: String?) {
            guard var value else {
                store(Int32(-1))
                return
            }
            value.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
        }

        /// A `text` or `bytea` field of these bytes.
        mutating func bytes(_ value: UnsafeRawBufferPointer) {
            store(Int32(value.count))
            guard let source = value.baseAddress, !value.isEmpty else { return }
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: value.count)
            count += value.count
        }

        private mutating func store<Value: FixedWidthInteger>(_ value: Value) {
            UnsafeMutableRawPointer(base + count).storeBytes(of: value.bigEndian, as: Value.self)
            count += MemoryLayout<Value>.size
        }
    }

    /// Reads rows out of the server's COPY data messages: the header at the
    /// start of the first, then whole rows (the server sends a row per
    /// message), then the trailer.
    struct Reader {
        private var headerRead = false
        private var ended = false
        private var fields: [UnsafeRawBufferPointer?] = []

        /// Hands each row in `message` to `row`, its fields valid during the call.
        mutating func rows(in message: UnsafeRawBufferPointer, _ row: ([UnsafeRawBufferPointer?]) throws -> Void) throws {
            var offset = 0
            func read<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
                guard offset + MemoryLayout<Value>.size <= message.count else { throw HubError(.refused, "the server's COPY data ended inside a row") }
                defer { offset += MemoryLayout<Value>.size }
                return Value(bigEndian: message.loadUnaligned(fromByteOffset: offset, as: Value.self))
            }
            if !headerRead {
                guard message.count >= 19, message.prefix(11).elementsEqual(HubCopyFormat.header.prefix(11)) else {
                    throw HubError(.refused, "the server's COPY data does not start as the binary format does")
                }
                offset = 15
                let extensionBytes = Int(try read(Int32.self))
                offset += max(0, extensionBytes)
                headerRead = true
            }
            while offset < message.count, !ended {
                let count = Int(try read(Int16.self))
                if count < 0 {
                    ended = true
                    return
                }
                fields.removeAll(keepingCapacity: true)
                for _ in 0 ..< count {
                    let length = Int(try read(Int32.self))
                    if length < 0 {
                        fields.append(nil)
                        continue
                    }
                    guard offset + length <= message.count else { throw HubError(.refused, "the server's COPY data ended inside a field") }
                    fields.append(UnsafeRawBufferPointer(rebasing: message[offset ..< offset + length]))
                    offset += length
                }
                try row(fields)
            }
        }
    }
}
