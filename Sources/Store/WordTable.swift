import Foundation

/// Distinct words kept as one run of UTF-8 bytes, each numbered in the
/// order it came and found by its bytes through an open-addressing table:
/// how `WordPositions` holds the million words of a large manifest.
///
/// A dictionary of `String`s would make a string of every word of every
/// delivery to look it up and hash it with SipHash, and take more memory;
/// here a word is looked up where it lies in the text, with a
/// multiply-and-shift hash of its bytes.
struct WordTable: Sendable {
    /// Every word's bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each word ends in `bytes` (word `i` begins where word `i - 1` ends).
    private(set) var ends: [UInt32] = []
    /// For each bucket, the number of the word there plus one, or 0 for none;
    /// a power of two long, never more than half full, probed linearly.
    private var buckets: [Int32]

    /// Room for about `capacity` words before the buckets grow.
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        buckets = Array(repeating: 0, count: size)
        ends.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 12)
    }

    /// How many words it holds.
    var count: Int { ends.count }

    /// The number of `word` (its bytes), or nil when it is not held.
    func number(of word: UnsafeRawBufferPointer) -> Int? {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: Self.hash(word)) & mask
        while true {
            let held = Int(buckets[bucket])
            if held == 0 { return nil }
            if holds(held - 1, word) { return held - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    /// The number of `word`, which is added (numbered after every word held) when new.
    mutating func insert(_ word: UnsafeRawBufferPointer) -> (number: Int, added: Bool) {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: Self.hash(word)) & mask
        while true {
            let held = Int(buckets[bucket])
            if held == 0 { break }
            if holds(held - 1, word) { return (held - 1, false) }
            bucket = (bucket + 1) & mask
        }
        let number = ends.count
        bytes.append(contentsOf: word)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        buckets[bucket] = Int32(truncatingIfNeeded: number + 1)
        if ends.count * 2 > buckets.count { grow() }
        return (number, true)
    }

    /// The bytes of word `number`.
    func range(of number: Int) -> Range<Int> {
        (number == 0 ? 0 : Int(ends[number - 1])) ..< Int(ends[number])
    }

    /// Word `number` as a string.
    func word(_ number: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: number)]), as: UTF8.self) }
    }

    /// Hands its words over (`SortedWords` keeps only these); the buckets go.
    consuming func words() -> (bytes: [UInt8], ends: [UInt32]) {
        (bytes, ends)
    }

    private func holds(_ number: Int, _ word: UnsafeRawBufferPointer) -> Bool {
        let range = range(of: number)
        guard range.count == word.count else { return false }
        return bytes.withUnsafeBytes { all in
            guard let start = all.baseAddress, let other = word.baseAddress else { return word.isEmpty }
            return memcmp(start + range.lowerBound, other, range.count) == 0
        }
    }

    private mutating func grow() {
        buckets = Array(repeating: 0, count: buckets.count * 2)
        let mask = buckets.count - 1
        bytes.withUnsafeBytes { all in
            for number in ends.indices {
                let range = range(of: number)
                var bucket = Int(truncatingIfNeeded: Self.hash(UnsafeRawBufferPointer(rebasing: all[range]))) & mask
                while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
                buckets[bucket] = Int32(truncatingIfNeeded: number + 1)
            }
        }
    }

    /// A hash of `bytes`, eight at a time: multiplied in and mixed at the end
    /// (SplitMix64's finaliser), so that the low bits a bucket takes depend on every byte.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
