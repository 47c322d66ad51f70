/// Eight bytes read as one 64-bit word, tested at once: an import's
/// scanners, writers and counters (the manifest's strings, COPY's escaping,
/// `TextLengths`) jump over runs of ordinary bytes rather than looking at
/// them one by one.
///
/// A test gives marks, the high bit of bytes that matched. The lowest mark
/// is exact: a word without marks has no match, and `firstMarked` is its
/// first. Marks above it are not to be read (a borrow from the byte that
/// matched can set or clear them).
public enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer`, the first in the lowest byte (any alignment).
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The bytes of `word` that are `byte`.
    @inlinable @inline(__always)
    public static func marks(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let matches = word ^ (ones &* UInt64(byte))
        return (matches &- ones) & ~matches & highs
    }

    /// The bytes of `word` below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func marksBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The bytes of `word` from 0x80 up: those of characters beyond ASCII (exact for every byte).
    @inlinable @inline(__always)
    public static func marksNonASCII(_ word: UInt64) -> UInt64 {
        word & highs
    }

    /// `word`, all ASCII, with its capital letters made small.
    @inlinable @inline(__always)
    public static func asciiLowercased(_ word: UInt64) -> UInt64 {
        // A byte is a capital when adding brings it to 0x80 from "A" on and not from "[" on (no carry: all below 0x80).
        let fromA = word &+ ones &* (0x80 - 0x41)
        let fromBracket = word &+ ones &* (0x80 - 0x5B)
        let capitals = fromA & ~fromBracket & highs
        return word | capitals >> 2
    }

    /// The first byte from `index` that `marks` marks in its word, found
    /// eight bytes at a time; where fewer than eight bytes are left before
    /// `end` when none is (the caller looks at those one by one).
    @inlinable @inline(__always)
    public static func skip(
        _ base: UnsafePointer<UInt8>, from index: Int, to end: Int, unmarkedBy marks: (UInt64) -> UInt64
    ) -> Int {
        var index = index
        while index + 8 <= end {
            let found = marks(load(base + index))
            if found != 0 { return index + firstMarked(found) }
            index += 8
        }
        return index
    }

    /// The place (0–7) of the first byte marked in `marks`, which must not be 0.
    @inlinable @inline(__always)
    public static func firstMarked(_ marks: UInt64) -> Int {
        marks.trailingZeroBitCount >> 3
    }
}
