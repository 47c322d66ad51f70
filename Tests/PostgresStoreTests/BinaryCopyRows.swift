import NIOCore
import Testing

/// Rows of COPY's binary format (`BinaryCopy`) read back as the server reads
/// them: each row its field count, then each field's length (-1 for NULL) and bytes.
enum BinaryCopyRows {
    /// Every row in `chunks` (rows only: no header or trailer), each field's bytes, nil for NULL.
    static func rows(in chunks: [ByteBuffer]) -> [[[UInt8]?]] {
        var rows: [[[UInt8]?]] = []
        for var chunk in chunks {
            while chunk.readableBytes > 0 {
                guard let count = chunk.readInteger(as: Int16.self), count >= 0 else {
                    Issue.record("a row's field count is cut short or negative")
                    return rows
                }
                var row: [[UInt8]?] = []
                for _ in 0 ..< count {
                    guard let length = chunk.readInteger(as: Int32.self) else {
                        Issue.record("a field's length is cut short")
                        return rows
                    }
                    if length < 0 {
                        row.append(nil)
                        continue
                    }
                    guard let bytes = chunk.readBytes(length: Int(length)) else {
                        Issue.record("a field's \(length) bytes are cut short")
                        return rows
                    }
                    row.append(bytes)
                }
                rows.append(row)
            }
        }
        return rows
    }

    static func text(_ field: [UInt8]?) -> String? {
        field.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A big-endian integer field (`integer` or `bigint`), nil when it is not 4 or 8 bytes.
    static func integer(_ field: [UInt8]?) -> Int64? {
        guard let field, field.count == 4 || field.count == 8 else { return nil }
        let value = field.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return field.count == 4 ? Int64(Int32(bitPattern: UInt32(value))) : Int64(bitPattern: value)
    }
}
