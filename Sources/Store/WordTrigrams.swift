/// The trigram index over a word index's words (schema v9,
/// `search_trigram`): for every run of three Unicode scalars found in some
/// word, the ids of the words holding it, ascending, as `PositionListCoding`
/// bytes; and for every word of one or two scalars, its own id. Every word
/// is found through it, so the words need no index of their own.
///
/// The words of 10^6 deliveries hold only about 2,000 distinct trigrams
/// (9 million occurrences) and 150 words of one or two scalars, so the
/// index is about 2,300 rows of lists, made here in one pass over the
/// words while the words themselves are written, and written in a few
/// milliseconds. FTS5's trigram index, which it replaced, cost an import
/// about a second of the writer's time for the same lists.
struct WordTrigrams: Sendable {
    /// The index of each trigram's list.
    private var slots: [Int64: Int32] = [:]
    private var keys: [Int64] = []
    private var lists: [[UInt8]] = []
    /// The last id of each list, and how many it holds.
    private var last: [Int32] = []
    private var counts: [Int] = []

    init() {}

    /// The trigrams of the words `words[index]`, word `index` having id `index + 1`.
    init(_ words: SortedWords) {
        for index in words.indices { add(id: Int32(truncatingIfNeeded: index + 1), word: words[index].word) }
    }

    /// How many distinct trigrams are held.
    var count: Int { keys.count }

    /// Adds the trigrams of `word`, whose id is at least that of every word added before.
    mutating func add(id: Int32, word: String) {
        Self.forEachKey(of: word) { key in
            guard let slot = slots[key] else {
                slots[key] = Int32(truncatingIfNeeded: keys.count)
                keys.append(key)
                lists.append(PositionListCoding.encoded([id]))
                last.append(id)
                counts.append(1)
                return
            }
            let index = Int(slot)
            // A trigram a word holds twice is listed once.
            guard last[index] != id else { return }
            PositionListCoding.append(id, after: last[index], to: &lists[index])
            last[index] = id
            counts[index] += 1
        }
    }

    /// Calls `body` with each trigram's key, how many ids its list holds and the list's bytes, in key order.
    func forEach(_ body: (Int64, Int, [UInt8]) throws -> Void) rethrows {
        for index in keys.indices.sorted(by: { keys[$0] < keys[$1] }) { try body(keys[index], counts[index], lists[index]) }
    }

    /// The key of three scalars: 21 bits each, so every key is a distinct positive Int64.
    static func key(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Int64 {
        Int64(first.value) << 42 | Int64(second.value) << 21 | Int64(third.value)
    }

    /// Calls `body` with the key of each run of three scalars of `word`, in
    /// order (a repeated one again); for a word of one or two scalars, which
    /// has no trigram, its own key (`shortWordKey`), so that every word is
    /// found through the lists (`SearchWordIndex.update` looks words up so).
    static func forEachKey(of word: String, _ body: (Int64) -> Void) {
        var iterator = word.unicodeScalars.makeIterator()
        guard var first = iterator.next() else { return }
        guard var second = iterator.next() else { return body(shortWordKey(first, nil)) }
        guard var third = iterator.next() else { return body(shortWordKey(first, second)) }
        while true {
            body(key(first, second, third))
            guard let next = iterator.next() else { return }
            (first, second, third) = (second, third, next)
        }
    }

    /// The key of a word of one or two scalars: negative, so no trigram has
    /// it, and a lone scalar's second is past the last scalar, so no pair has it.
    static func shortWordKey(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> Int64 {
        -(Int64(first.value) << 21 | Int64(second?.value ?? 0x1F_FFFF)) - 1
    }

    /// The distinct keys of `word` (`forEachKey`), in the order they first come.
    static func keys(of word: String) -> [Int64] {
        var keys: [Int64] = []
        forEachKey(of: word) { key in
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
