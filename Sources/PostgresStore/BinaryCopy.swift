import Logging
import NIOCore
import PostgresNIO

/// COPY's binary format, in which every import sends its rows: a header,
/// then per row a count of fields and each field as its length (-1 for NULL)
/// and its bytes, then a trailer. The server reads a field by its length
/// rather than scanning every byte for tabs, newlines and escapes, as it
/// must in the text format: at 10^6 deliveries that scan was 2 s of the
/// server's CPU. Texts go as their UTF-8, integers big-endian, `bytea` as
/// its bytes (not doubled into hex).
enum BinaryCopy {
    /// The signature, the flags (none) and the header extension's length (none).
    static let header: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]
    /// A field count of -1: no more rows.
    static let trailer: [UInt8] = [0xFF, 0xFF]

    /// The bytes a row of `fields` fields takes, `payload` bytes of values among them.
    static func rowBytes(fields: Int, payload: Int) -> Int {
        2 + 4 * fields + payload
    }

    /// Writes one row's fields into memory the caller has made room in (`rowBytes`).
    struct RowWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

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
}

extension PostgresConnection {
    /// `COPY table (columns) FROM STDIN` in the binary format (`BinaryCopy`):
    /// `writeRows` writes the rows, and the header and trailer are written
    /// around them. `freeze`, for a table made or emptied in this
    /// transaction: the rows go in frozen, on pages marked all-visible as
    /// they are written, so that no vacuum is needed for an index alone to
    /// answer over them, and no reader later sets their hint bits.
    ///
    /// postgres-nio (1.33) offers COPY in the text format only: it writes the
    /// statement itself as `COPY "<table>" FROM STDIN WITH (FORMAT text)`.
    /// The binary one is had by naming the table as the statement's first
    /// half, the quote closed and the rest made a comment. Only this
    /// program's own names of tables and columns go there, never input.
    func copyBinary(
        into table: String, columns: [String], freeze: Bool = false, logger: Logger,
        writeRows: (PostgresCopyFromWriter) async throws -> Void
    ) async throws {
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let statement = "\(table)\" (\(names)) FROM STDIN WITH (FORMAT binary\(freeze ? ", FREEZE" : "")) --"
        try await copyFrom(table: statement, logger: logger) { writer in
            try await writer.write(ByteBuffer(bytes: BinaryCopy.header))
            try await writeRows(writer)
            try await writer.write(ByteBuffer(bytes: BinaryCopy.trailer))
        }
    }
}
