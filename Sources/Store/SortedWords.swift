/// The words of a `WordPositions` in the order of their UTF-8 bytes, each
/// with its positions (`WordPositions.sorted()`): what a word index is
/// written from, in key order. An entry is made when it is read.
public struct SortedWords: RandomAccessCollection, Sendable {
    private let words: [String]
    /// As `WordPositions` keeps them: a position, or the flipped index of a list in `shared`.
    private let slots: [Int32]
    private let shared: [[UInt8]]
    /// Indexes into `words` in sorted order.
    private let order: [Int32]

    /// No words.
    public init() {
        self.init(words: [], slots: [], shared: [])
    }

    init(words: [String], slots: [Int32], shared: [[UInt8]]) {
        // The first 16 bytes of each word, zero-padded, as two big-endian
        // numbers: they order all but words alike that far without reading a
        // string (padding sorts a word before any it begins).
        let heads = words.map(Self.head)
        var order = (0 ..< Int32(truncatingIfNeeded: words.count)).map { $0 }
        order.sort { left, right in
            let (a, b) = (heads[Int(left)], heads[Int(right)])
            if a != b { return a < b }
            return words[Int(left)].utf8.lexicographicallyPrecedes(words[Int(right)].utf8)
        }
        self.words = words
        self.slots = slots
        self.shared = shared
        self.order = order
    }

    private static func head(_ word: String) -> (UInt64, UInt64) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var count = 0
        for byte in word.utf8.prefix(16) {
            if count < 8 { high |= UInt64(byte) << (56 - 8 * count) } else { low |= UInt64(byte) << (120 - 8 * count) }
            count += 1
        }
        return (high, low)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(index: Int) -> WordPositions.Entry {
        let word = Int(order[index])
        let slot = slots[word]
        return slot >= 0
            ? WordPositions.Entry(word: words[word], only: slot)
            : WordPositions.Entry(word: words[word], encoded: shared[Int(~slot)])
    }
}
