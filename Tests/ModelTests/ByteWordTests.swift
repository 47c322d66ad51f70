import Model
import Testing

/// The eight-byte tests find whether a byte matches, and the first that does, exactly.
@Suite struct ByteWordTests {
    /// Words with each byte value at each place, among fillers that do and do not borrow.
    private static func words(_ body: ([UInt8], UInt64) -> Void) {
        for value in 0 ... 255 {
            for place in 0 ..< 8 {
                for filler: UInt8 in [0x00, 0x01, 0x20, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    body(bytes, bytes.withUnsafeBufferPointer { $0.baseAddress.map(ByteWord.load) ?? 0 })
                }
            }
        }
    }

    /// The marks agree with `matches` on whether any byte matched and on the first that did.
    private static func check(_ marks: UInt64, _ bytes: [UInt8], _ matches: (UInt8) -> Bool, _ what: String) {
        let first = bytes.firstIndex(where: matches)
        #expect((marks != 0) == (first != nil), "\(what) in \(bytes)")
        if let first, marks != 0 { #expect(ByteWord.firstMarked(marks) == first, "\(what) in \(bytes)") }
    }

    @Test func aByteIsMarkedWhereverItIs() {
        Self.words { bytes, word in
            for byte: UInt8 in [0x00, 0x22, 0x5C, 0x80, 0xFF] {
                Self.check(ByteWord.marks(byte, in: word), bytes, { $0 == byte }, "\(byte)")
            }
        }
    }

    @Test func bytesBelowALimitAreMarkedWhereverTheyAre() {
        Self.words { bytes, word in
            for limit: UInt8 in [0x01, 0x0E, 0x20, 0x80] {
                Self.check(ByteWord.marksBelow(limit, in: word), bytes, { $0 < limit }, "below \(limit)")
            }
        }
    }

    @Test func theFirstByteIsTheLowest() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        #expect(bytes.withUnsafeBufferPointer { $0.baseAddress.map { ByteWord.load($0 + 1) } } == 0x0908_0706_0504_0302)
    }
}

extension ByteWordTests {
    @Test func asciiWordsAreLowerCasedAsEachByteIs() {
        for value in 0 ..< 128 {
            for place in 0 ..< 8 {
                for filler: UInt8 in [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7F, 0x00] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBufferPointer { $0.baseAddress.map(ByteWord.load) ?? 0 }
                    let lowered = bytes.map { (0x41 ... 0x5A).contains($0) ? $0 | 0x20 : $0 }
                    let expected = lowered.withUnsafeBufferPointer { $0.baseAddress.map(ByteWord.load) ?? 0 }
                    #expect(ByteWord.asciiLowercased(word) == expected, "\(bytes)")
                }
            }
        }
    }
}
