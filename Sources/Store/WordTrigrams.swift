/// The trigram index over a word index's words (`search_trigram`): for every run of three Unicode scalars found in some
/// word, the ids of the words holding it, ascending, as `PositionListCoding`
/// bytes; and for every word of one or two scalars, its own id. Every word
/// is found through it, so the words need no index of their own.
///
/// Even a million deliveries' words hold only a few thousand distinct
/// trigrams and a few hundred words of one or two scalars, so the index is
/// a few thousand rows of lists: made here in one pass over the words while
/// the words themselves are written, far cheaper for an import than a
/// full-text trigram index (FTS5 or `pg_trgm`) over the same words.
public struct WordTrigrams: Sendable {
    /// Each trigram's key, last id and how many ids its list holds, and the
    /// list, by the index of its list (the order the trigrams first came).
    private var entries: [Entry] = []
    private var lists: [[UInt8]] = []
    /// The index of each key's list plus one (0: none), at the slot its hash
    /// gives or the next free one: a few thousand keys looked up millions of
    /// times, where a `Dictionary`'s hashing cost more than the rest.
    private var slots = [Int32](repeating: 0, count: 1 << 12)

    private struct Entry {
        var key: Int64
        var last: Int32 = 0
        var count: Int32 = 0
    }

    public init() {}

    /// The trigrams of the words `words[index]`, word `index` having id `index + 1`.
    init(_ words: SortedWords) {
        for index in words.indices { words.withWord(at: index) { add(id: Int32(truncatingIfNeeded: index + 1), utf8: $0) } }
    }

    /// How many distinct trigrams are held.
    public var count: Int { entries.count }

    /// Adds the trigrams of `word`, whose id is at least that of every word added before.
    public mutating func add(id: Int32, word: String) {
        Self.forEachKey(of: word) { add(id: id, key: $0) }
    }

    /// Adds the trigrams of the word of UTF-8 bytes `word` (no String made
    /// of it), whose id is at least that of every word added before.
    public mutating func add(id: Int32, utf8 word: UnsafeRawBufferPointer) {
        // Most words are ASCII (every generated id is), where a byte is a scalar: each key is the last shifted on.
        guard word.count >= 3, word.allSatisfy({ $0 < 0x80 }) else {
            return Self.forEachKey(ofUTF8: word) { add(id: id, key: $0) }
        }
        var key = UInt64(word[0]) << 21 | UInt64(word[1])
        for index in 2 ..< word.count {
            key = (key << 21 | UInt64(word[index])) & Self.keyBits
            add(id: id, key: Int64(key))
        }
    }

    /// The 63 bits of a key: three scalars of 21 bits.
    private static let keyBits: UInt64 = 1 << 63 - 1

    @inline(__always)
    private mutating func add(id: Int32, key: Int64) {
        let index = index(of: key)
        // A trigram a word holds twice is listed once.
        if entries[index].count > 0, entries[index].last == id { return }
        PositionListCoding.append(id, after: entries[index].last, to: &lists[index])
        entries[index].last = id
        entries[index].count += 1
    }

    /// The index of `key`'s list, made empty when it has none.
    @inline(__always)
    private mutating func index(of key: Int64) -> Int {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { break }
            if entries[found - 1].key == key { return found - 1 }
            slot = (slot + 1) & mask
        }
        let index = entries.count
        entries.append(Entry(key: key))
        lists.append([])
        slots[slot] = Int32(truncatingIfNeeded: index + 1)
        // At most half full, so a search ends soon at a free slot.
        if entries.count * 2 > slots.count { rehash() }
        return index
    }

    private mutating func rehash() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Self.hash(entry.key) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    /// Fibonacci hashing: the product's high half mixes every bit of the key.
    private static func hash(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// Calls `body` with each trigram's key, how many ids its list holds and the list's bytes, in key order.
    public func forEach(_ body: (Int64, Int, [UInt8]) throws -> Void) rethrows {
        for index in entries.indices.sorted(by: { entries[$0].key < entries[$1].key }) {
            try body(entries[index].key, Int(entries[index].count), lists[index])
        }
    }

    /// The key of three scalars: 21 bits each, so every key is a distinct positive Int64.
    public static func key(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Int64 {
        Int64(first.value) << 42 | Int64(second.value) << 21 | Int64(third.value)
    }

    /// Calls `body` with the key of each run of three scalars of `word`, in
    /// order (a repeated one again); for a word of one or two scalars, which
    /// has no trigram, its own key (`shortWordKey`), so that every word is
    /// found through the lists (`SearchWordIndex.update` looks words up so).
    public static func forEachKey(of word: String, _ body: (Int64) -> Void) {
        forEachKey(scalars: word.unicodeScalars.makeIterator(), body)
    }

    /// `forEachKey(of:)` for a word of UTF-8 bytes (a byte that is not UTF-8 counts as U+FFFD, as a String made of them would have it).
    private static func forEachKey(ofUTF8 word: UnsafeRawBufferPointer, _ body: (Int64) -> Void) {
        forEachKey(scalars: UTF8Scalars(bytes: word.makeIterator()), body)
    }

    private static func forEachKey(scalars: some IteratorProtocol<Unicode.Scalar>, _ body: (Int64) -> Void) {
        var iterator = scalars
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
    public static func shortWordKey(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> Int64 {
        -(Int64(first.value) << 21 | Int64(second?.value ?? 0x1F_FFFF)) - 1
    }

    /// The distinct keys of `word` (`forEachKey`), in the order they first come.
    public static func keys(of word: String) -> [Int64] {
        var keys: [Int64] = []
        forEachKey(of: word) { key in
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The ids of `kept` (ascending) that the list `bytes` (`PositionListCoding`,
    /// ascending) holds too, or every id of the list when `kept` is nil: a
    /// word search's next narrowing, one walk through both.
    public static func ids(_ kept: [Int32]?, alsoIn bytes: UnsafeRawBufferPointer) -> [Int32] {
        guard let kept else { return PositionListCoding.decoded(bytes) }
        var ids: [Int32] = []
        var index = 0
        PositionListCoding.decode(bytes) { id in
            while index < kept.count, kept[index] < id { index += 1 }
            if index < kept.count, kept[index] == id {
                ids.append(id)
                index += 1
            }
        }
        return ids
    }

    /// Whether the lists of a word search's trigrams still need reading:
    /// when the ids left are far fewer than the next list's, checking each
    /// word costs less than reading it, and the word check decides.
    public static func needsList(of count: Int, keeping kept: [Int32]?) -> Bool {
        guard let kept else { return true }
        return kept.count * 16 >= count
    }
}

/// The scalars of UTF-8 bytes, one at a time.
private struct UTF8Scalars: IteratorProtocol {
    var bytes: UnsafeRawBufferPointer.Iterator
    var decoder = UTF8()

    mutating func next() -> Unicode.Scalar? {
        switch decoder.decode(&bytes) {
        case .scalarValue(let scalar): scalar
        case .emptyInput: nil
        case .error: "\u{FFFD}"
        }
    }
}
