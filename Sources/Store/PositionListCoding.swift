/// How a word index stores a word's positions: ascending, each the
/// difference from the one before as a LEB128 varint, so a common word's
/// million positions take a byte or two each and decode without a row per
/// position. Both stores keep them so (a blob in SQLite, `bytea` in PostgreSQL).
public enum PositionListCoding {
    /// Ascending positions as varint differences, a byte at a time.
    public static func encode(_ positions: [Int32], _ write: (UInt8) -> Void) {
        var previous: Int32 = 0
        for position in positions {
            writeDifference(from: previous, to: position, write)
            previous = position
        }
    }

    /// Appends `position` to the bytes of a list whose last position is `previous`.
    public static func append(_ position: Int32, after previous: Int32, to bytes: inout [UInt8]) {
        let delta = UInt32(bitPattern: position) &- UInt32(bitPattern: previous)
        // Most steps of a long list take one byte: no closure for them (a trigram list of an import gets millions).
        if delta < 0x80 { return bytes.append(UInt8(delta)) }
        writeDifference(from: previous, to: position) { bytes.append($0) }
    }

    /// Writes the bytes of one step of a list: from `previous` (0 for the first) to `position`.
    public static func writeDifference(from previous: Int32, to position: Int32, _ write: (UInt8) -> Void) {
        var delta = UInt32(bitPattern: position) &- UInt32(bitPattern: previous)
        while delta >= 0x80 {
            write(UInt8(truncatingIfNeeded: delta) | 0x80)
            delta >>= 7
        }
        write(UInt8(delta))
    }

    /// Ascending positions as `encode` wrote them, as bytes.
    public static func encoded(_ positions: [Int32]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(positions.count + positions.count / 2)
        encode(positions) { bytes.append($0) }
        return bytes
    }

    /// Calls `body` with each position of an encoded list, ascending.
    public static func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Int32) -> Void) {
        var value: UInt32 = 0
        var shift: UInt32 = 0
        var previous: UInt32 = 0
        for byte in bytes {
            value |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                // A corrupt run longer than a UInt32 ends here rather than trapping.
                if shift > 28 { return }
                continue
            }
            previous &+= value
            body(Int32(bitPattern: previous))
            value = 0
            shift = 0
        }
    }

    /// The positions of an encoded list, ascending.
    public static func decoded(_ bytes: [UInt8]) -> [Int32] {
        bytes.withUnsafeBytes { decoded($0) }
    }

    /// The positions of an encoded list, ascending.
    public static func decoded(_ bytes: UnsafeRawBufferPointer) -> [Int32] {
        var positions: [Int32] = []
        decode(bytes) { positions.append($0) }
        return positions
    }
}
