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
        var order = (0 ..< Int32(truncatingIfNeeded: words.count)).map { $0 }
        order.sort { words[Int($0)].utf8.lexicographicallyPrecedes(words[Int($1)].utf8) }
        self.words = words
        self.slots = slots
        self.shared = shared
        self.order = order
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
