import Foundation

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

    /// Words in any order: sorted here.
    init(words: [String], slots: [Int32], shared: [[UInt8]]) {
        var order = (0 ..< Int32(truncatingIfNeeded: words.count)).map { $0 }
        // Compared as bytes with memcmp: the generic comparison of UTF-8 views took 1.5 s for 10^6 words.
        order.sort { Self.precedes(words[Int($0)], words[Int($1)]) }
        self.words = words
        self.slots = slots
        self.shared = shared
        self.order = order
    }

    /// Words already in order.
    private init(sorted words: [String], slots: [Int32], shared: [[UInt8]]) {
        self.words = words
        self.slots = slots
        self.shared = shared
        order = (0 ..< Int32(truncatingIfNeeded: words.count)).map { $0 }
    }

    /// The words of a store after an import: these (a manifest's, by row
    /// number from 1), each row given the position `positions[row - 1]`,
    /// with `kept` (the words of the rows the manifest did not mention, by
    /// position). One merge of two sorted lists, rather than a table of
    /// every word, which cost a re-import of 10^6 deliveries 1.6 s and 40 MB.
    func merged(positions: [Int32], kept: SortedWords) -> SortedWords {
        var words: [String] = []
        var slots: [Int32] = []
        var shared: [[UInt8]] = []
        words.reserveCapacity(Swift.max(count, kept.count))
        slots.reserveCapacity(Swift.max(count, kept.count))
        func add(_ word: String, _ list: [Int32]) {
            guard !list.isEmpty else { return }
            // Known ids keep their places among the new ones: sort only when that broke the order.
            var list = list
            if zip(list, list.dropFirst()).contains(where: { $0 >= $1 }) { list = Array(Set(list)).sorted() }
            words.append(word)
            if list.count == 1 {
                slots.append(list[0])
            } else {
                shared.append(PositionListCoding.encoded(list))
                slots.append(~Int32(shared.count - 1))
            }
        }
        func mapped(_ entry: WordPositions.Entry) -> [Int32] {
            entry.positions.compactMap { row in row >= 1 && Int(row) <= positions.count ? positions[Int(row) - 1] : nil }
        }
        var (mine, theirs) = (startIndex, kept.startIndex)
        while mine < endIndex || theirs < kept.endIndex {
            guard theirs < kept.endIndex else {
                let entry = self[mine]
                add(entry.word, mapped(entry))
                mine += 1
                continue
            }
            guard mine < endIndex else {
                let entry = kept[theirs]
                add(entry.word, entry.positions)
                theirs += 1
                continue
            }
            let (entry, other) = (self[mine], kept[theirs])
            // Alike by bytes, as SQLite's unique words are (not Swift's canonical equivalence).
            if entry.word.utf8.elementsEqual(other.word.utf8) {
                add(entry.word, mapped(entry) + other.positions)
                mine += 1
                theirs += 1
            } else if Self.precedes(entry.word, other.word) {
                add(entry.word, mapped(entry))
                mine += 1
            } else {
                add(other.word, other.positions)
                theirs += 1
            }
        }
        return SortedWords(sorted: words, slots: slots, shared: shared)
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s (SQLite's `BINARY`).
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let compared = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                // No address only for no bytes, which sort first.
                guard let start = a.baseAddress, let other = b.baseAddress else { return a.count < b.count }
                let order = memcmp(start, other, Swift.min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return (compared ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
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
