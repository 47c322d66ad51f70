import Foundation

/// The words of a `WordPositions` in the order of their UTF-8 bytes, each
/// with its positions (`WordPositions.sorted()`): what a word index is
/// written from, in key order. An entry is made when it is read.
public struct SortedWords: RandomAccessCollection, Sendable {
    /// Every word's bytes, one after another, and where each ends (`WordTable`).
    private let bytes: [UInt8]
    private let ends: [UInt32]
    /// As `WordPositions` keeps them: a position, or the flipped index of a list in `shared`.
    private let slots: [Int32]
    private let shared: [[UInt8]]
    /// The numbers of the words in sorted order (a word removed from the `WordPositions` left out).
    private let order: [Int32]

    /// No words.
    public init() {
        self.init(sorted: ([], []), slots: [], shared: [])
    }

    /// Words in any order: sorted here.
    init(words: (bytes: [UInt8], ends: [UInt32]), slots: [Int32], shared: [[UInt8]]) {
        var order = slots.indices.compactMap { $0 < words.ends.count && slots[$0] != WordPositions.removed ? Int32($0) : nil }
        // Compared as bytes with memcmp where they lie: making and comparing Strings costs far more.
        words.bytes.withUnsafeBytes { all in
            words.ends.withUnsafeBufferPointer { ends in
                let word = { (number: Int32) -> UnsafeRawBufferPointer in
                    let index = Int(number)
                    return UnsafeRawBufferPointer(rebasing: all[(index == 0 ? 0 : Int(ends[index - 1])) ..< Int(ends[index])])
                }
                order.sort { Self.precedes(word($0), word($1)) }
            }
        }
        bytes = words.bytes
        ends = words.ends
        self.slots = slots
        self.shared = shared
        self.order = order
    }

    /// Words already in order.
    private init(sorted words: (bytes: [UInt8], ends: [UInt32]), slots: [Int32], shared: [[UInt8]]) {
        bytes = words.bytes
        ends = words.ends
        self.slots = slots
        self.shared = shared
        order = (0 ..< Int32(truncatingIfNeeded: words.ends.count)).map { $0 }
    }

    /// The words of a store after an import: these (a manifest's, by row
    /// number from 1), each row given the position `positions[row - 1]`,
    /// with `kept` (the words of the rows the manifest did not mention, by
    /// position). One merge of two sorted lists, rather than a table of
    /// every word, which would cost a large re-import time and memory.
    func merged(positions: [Int32], kept: SortedWords) -> SortedWords {
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        var slots: [Int32] = []
        var shared: [[UInt8]] = []
        ends.reserveCapacity(Swift.max(count, kept.count))
        slots.reserveCapacity(Swift.max(count, kept.count))
        func add(_ word: UnsafeRawBufferPointer, _ list: [Int32]) {
            guard !list.isEmpty else { return }
            // Known ids keep their places among the new ones: sort only when that broke the order.
            var list = list
            if zip(list, list.dropFirst()).contains(where: { $0 >= $1 }) { list = Array(Set(list)).sorted() }
            bytes.append(contentsOf: word)
            ends.append(UInt32(truncatingIfNeeded: bytes.count))
            if list.count == 1 {
                slots.append(list[0])
            } else {
                shared.append(PositionListCoding.encoded(list))
                slots.append(~Int32(shared.count - 1))
            }
        }
        func mapped(_ index: Int) -> [Int32] {
            self.positions(at: index).compactMap { row in row >= 1 && Int(row) <= positions.count ? positions[Int(row) - 1] : nil }
        }
        var (mine, theirs) = (startIndex, kept.startIndex)
        while mine < endIndex || theirs < kept.endIndex {
            guard theirs < kept.endIndex else {
                withWord(at: mine) { add($0, mapped(mine)) }
                mine += 1
                continue
            }
            guard mine < endIndex else {
                kept.withWord(at: theirs) { add($0, kept.positions(at: theirs)) }
                theirs += 1
                continue
            }
            withWord(at: mine) { word in
                kept.withWord(at: theirs) { other in
                    // Alike by bytes, as SQLite's unique words are (not Swift's canonical equivalence).
                    if word.elementsEqual(other) {
                        add(word, mapped(mine) + kept.positions(at: theirs))
                        mine += 1
                        theirs += 1
                    } else if Self.precedes(word, other) {
                        add(word, mapped(mine))
                        mine += 1
                    } else {
                        add(other, kept.positions(at: theirs))
                        theirs += 1
                    }
                }
            }
        }
        return SortedWords(sorted: (bytes, ends), slots: slots, shared: shared)
    }

    /// Whether bytes `a` sort before bytes `b` (SQLite's `BINARY`).
    private static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        // No address only for no bytes, which sort first.
        guard let start = a.baseAddress, let other = b.baseAddress else { return a.count < b.count }
        let order = memcmp(start, other, Swift.min(a.count, b.count))
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Calls `body` with the bytes of the word at `index`, where they lie.
    func withWord<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let number = Int(order[index])
        let range = (number == 0 ? 0 : Int(ends[number - 1])) ..< Int(ends[number])
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Calls `body` with the encoded positions of the word at `index` (`WordPositions.Entry.withEncoded`).
    func withEncoded<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let slot = slots[Int(order[index])]
        let entry = slot >= 0 ? WordPositions.Entry(word: "", only: slot) : WordPositions.Entry(word: "", encoded: shared[Int(~slot)])
        return try entry.withEncoded(body)
    }

    /// The positions of the word at `index`, ascending.
    func positions(at index: Int) -> [Int32] {
        let slot = slots[Int(order[index])]
        return slot >= 0 ? [slot] : PositionListCoding.decoded(shared[Int(~slot)])
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(index: Int) -> WordPositions.Entry {
        let slot = slots[Int(order[index])]
        let word = withWord(at: index) { String(decoding: $0, as: UTF8.self) }
        return slot >= 0 ? WordPositions.Entry(word: word, only: slot) : WordPositions.Entry(word: word, encoded: shared[Int(~slot)])
    }
}
