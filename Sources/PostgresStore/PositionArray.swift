import NIOCore
import PostgresNIO

/// Positions as one `integer[]`, bound or read in the array's binary form
/// in one pass over raw memory.
///
/// postgres-nio reads and writes an `[Int32]` an element at a time through
/// its generic coding, and the store moves whole orders of 10^6 positions:
/// an import's two text orders cost this end 0.2 s to bind that way. Every
/// array of positions the store binds or reads goes through here.
struct PositionArray: PostgresNonThrowingEncodable, PostgresDecodable, Sendable {
    /// The positions, in the array's order.
    let positions: [Int32]

    init(_ positions: [Int32]) {
        self.positions = positions
    }

    static var psqlType: PostgresDataType { .int4Array }
    static var psqlFormat: PostgresFormat { .binary }

    /// The array's header: dimensions (one, or none when empty), whether any element is NULL, the elements' type; then the dimension's length and lower bound.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(positions.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(0, as: Int32.self)
        buffer.writeInteger(PostgresDataType.int4.rawValue)
        guard !positions.isEmpty else { return }
        buffer.writeInteger(Int32(positions.count))
        buffer.writeInteger(1, as: Int32.self)
        // Each element: its length (4), then its value, both big-endian: one 8-byte store.
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 8 * positions.count) { free in
            for (index, position) in positions.enumerated() {
                let element = UInt64(4) << 32 | UInt64(UInt32(bitPattern: position))
                free.storeBytes(of: element.bigEndian, toByteOffset: 8 * index, as: UInt64.self)
            }
            return 8 * positions.count
        }
    }

    /// Not an array of one dimension of non-NULL `integer`s.
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "the server's answer is not an array of positions" }
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard format == .binary, type == .int4Array,
              let (dimensions, _, element) = buffer.readMultipleIntegers(as: (Int32, Int32, UInt32).self),
              element == PostgresDataType.int4.rawValue
        else { throw Malformed() }
        guard dimensions == 1 else {
            // An empty array has no dimensions.
            guard dimensions == 0 else { throw Malformed() }
            self.init([])
            return
        }
        guard let (length, _) = buffer.readMultipleIntegers(as: (Int32, Int32).self), length >= 0,
              buffer.readableBytes == 8 * Int(length)
        else { throw Malformed() }
        let count = Int(length)
        var wellFormed = true
        let positions = buffer.readWithUnsafeReadableBytes { bytes in
            let positions = [Int32](unsafeUninitializedCapacity: count) { elements, initialized in
                for index in 0 ..< count {
                    let element = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
                    // A NULL's length is -1, not 4.
                    if element >> 32 != 4 { wellFormed = false }
                    elements[index] = Int32(bitPattern: UInt32(truncatingIfNeeded: element))
                }
                initialized = count
            }
            return (8 * count, positions)
        }
        guard wellFormed else { throw Malformed() }
        self.init(positions)
    }
}
