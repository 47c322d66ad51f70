import Model

/// The words of folded search texts (`SubstringSearch.searchedText`, split
/// at white space), each with the ascending positions of the deliveries
/// holding it: what both stores' word indexes are made of.
///
/// A typed word never holds white space (`SubstringSearch.words` splits at
/// it), so it is found in a delivery's text exactly when it is found inside
/// one of that delivery's words: a substring search asks the distinct words
/// (about a tenth of the text) and then reads the positions of those that
/// match. A typed word that holds a white-space scalar all the same (one
/// hidden inside a grapheme cluster) is left to the folded text (`canLookUp`).
public struct WordPositions: Sendable {
    /// The words, numbered in the order they came.
    private var table: WordTable
    /// Each word's positions, by its number. Most words are in one delivery
    /// only (every id is), and a list apiece would cost a large manifest
    /// hundreds of megabytes: a word in one delivery keeps that position
    /// here, a word in more the index of its list in `shared`, bits flipped
    /// (so negative), a word removed `removed`.
    private var slots: [Int32] = []
    /// The lists of words in more than one delivery, ascending, as
    /// `PositionListCoding` bytes (a byte a position for a common word, whose
    /// deliveries are close), and the last position of each.
    private var shared: [[UInt8]] = []
    private var lastShared: [Int32] = []
    /// Words removed (`subscript` set to none), whose slots say `removed`.
    private var removedCount = 0
    static let removed = Int32.min

    /// How many distinct words are held.
    public var count: Int { table.count - removedCount }

    /// Room for the words of about `deliveries` deliveries (about one new word each: its id), so the table is not regrown.
    public init(expecting deliveries: Int = 0) {
        table = WordTable(capacity: deliveries + deliveries / 8)
        slots.reserveCapacity(deliveries + deliveries / 8)
    }

    /// Every word with its positions, as one dictionary (for small sets and tests; `forEach` walks a large one).
    public var lists: [String: [Int32]] {
        var lists: [String: [Int32]] = [:]
        forEach { word, positions in lists[word] = positions }
        return lists
    }

    /// Calls `body` with each word and its positions, in the order the words came.
    public func forEach(_ body: (String, [Int32]) throws -> Void) rethrows {
        for (number, slot) in slots.enumerated() where slot != Self.removed { try body(table.word(number), positions(slot)) }
    }

    /// Calls `body` with each word's UTF-8 bytes and its positions as
    /// `PositionListCoding` bytes, in the order the words came: what `forEach`
    /// gives, as the lists are kept, with no String or array made for either
    /// (a million of each at 10^6).
    public func forEachEncoded(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
        try table.bytes.withUnsafeBytes { all in
            for (number, slot) in slots.enumerated() where slot != Self.removed {
                let word = UnsafeRawBufferPointer(rebasing: all[table.range(of: number)])
                if slot >= 0 {
                    try Self.withEncoded(slot) { try body(word, $0) }
                } else {
                    try shared[Int(~slot)].withUnsafeBytes { try body(word, $0) }
                }
            }
        }
    }

    /// Calls `body` with a list of one position encoded as `PositionListCoding` does, on the stack.
    static func withEncoded<R>(_ only: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        // A varint of a 32-bit difference takes at most 5 bytes.
        var buffer: (UInt64, UInt64) = (0, 0)
        return try withUnsafeMutableBytes(of: &buffer) { raw in
            var count = 0
            PositionListCoding.writeDifference(from: 0, to: only) { byte in
                raw[count] = byte
                count += 1
            }
            return try body(UnsafeRawBufferPointer(rebasing: raw[..<count]))
        }
    }

    /// The positions of `word`, ascending; setting an empty list or nil removes it.
    public subscript(word: String) -> [Int32]? {
        get {
            var word = word
            return word.withUTF8 { table.number(of: UnsafeRawBufferPointer($0)) }
                .flatMap { slots[$0] == Self.removed ? nil : positions(slots[$0]) }
        }
        set {
            var word = word
            let number = word.withUTF8 { table.number(of: UnsafeRawBufferPointer($0)) }
            if let number {
                let old = slots[number]
                if old == Self.removed { removedCount -= 1 } else if old < 0 { shared[Int(~old)] = [] }  // left empty: the indexes of the others stay
            }
            guard let newValue, !newValue.isEmpty else {
                if let number {
                    slots[number] = Self.removed
                    removedCount += 1
                }
                return
            }
            let slot = slot(for: newValue)
            if let number {
                slots[number] = slot
            } else {
                _ = word.withUTF8 { table.insert(UnsafeRawBufferPointer($0)) }
                slots.append(slot)
            }
        }
    }

    /// Adds the words of one delivery's folded text; positions come in ascending order.
    public mutating func add(position: Int32, folded text: String) {
        var text = text
        text.withUTF8 { bytes in Self.forEachWord(in: bytes) { word in append(position, to: word) } }
    }

    /// Adds the words of deliveries after all of these (another part of the
    /// same manifest, read apart), so each word's positions stay ascending.
    public mutating func append(_ later: WordPositions) {
        if table.count == 0 {
            self = later
            return
        }
        later.table.bytes.withUnsafeBytes { all in
            for (number, slot) in later.slots.enumerated() where slot != Self.removed {
                let list = later.positions(slot)
                let (mine, added) = table.insert(UnsafeRawBufferPointer(rebasing: all[later.table.range(of: number)]))
                if added {
                    slots.append(self.slot(for: list))
                    continue
                }
                let old = slots[mine]
                if old == Self.removed {
                    removedCount -= 1
                    slots[mine] = self.slot(for: list)
                } else if old >= 0 {
                    slots[mine] = self.slot(for: [old] + list)
                } else {
                    for position in list { append(position, toShared: Int(~old)) }
                }
            }
        }
    }

    /// One lookup for a word seen before: its slot or list is changed in place.
    private mutating func append(_ position: Int32, to word: UnsafeRawBufferPointer) {
        let (number, added) = table.insert(word)
        guard !added else {
            slots.append(position)
            return
        }
        let slot = slots[number]
        if slot == Self.removed {
            removedCount -= 1
            slots[number] = position
        } else if slot >= 0 {
            if slot != position { slots[number] = self.slot(for: [slot, position]) }
        } else {
            append(position, toShared: Int(~slot))
        }
    }

    private mutating func append(_ position: Int32, toShared index: Int) {
        let last = lastShared[index]
        guard last != position else { return }
        PositionListCoding.append(position, after: last, to: &shared[index])
        lastShared[index] = position
    }

    /// What `slots` holds for `list`: its one position, or a new shared list.
    private mutating func slot(for list: [Int32]) -> Int32 {
        if list.count == 1, let only = list.first, only >= 0 { return only }
        shared.append(PositionListCoding.encoded(list))
        lastShared.append(list.last ?? 0)
        return ~Int32(shared.count - 1)
    }

    private func positions(_ slot: Int32) -> [Int32] {
        slot >= 0 ? [slot] : PositionListCoding.decoded(shared[Int(~slot)])
    }

    /// One word and its positions.
    public struct Entry: Sendable {
        public var word: String
        /// The position of a word in one delivery, kept without a list of its own.
        private var only: Int32?
        /// Otherwise its positions as `PositionListCoding` bytes.
        private var bytes: [UInt8]

        /// The word's positions, ascending.
        public var positions: [Int32] { only.map { [$0] } ?? PositionListCoding.decoded(bytes) }

        /// The positions as `PositionListCoding` bytes, as the index stores them.
        public var encoded: [UInt8] { only.map { PositionListCoding.encoded([$0]) } ?? bytes }

        /// Calls `body` with `encoded`'s bytes, a lone position's encoded on the stack.
        public func withEncoded<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            guard let only else { return try bytes.withUnsafeBytes(body) }
            return try WordPositions.withEncoded(only, body)
        }

        public init(word: String, positions: [Int32]) {
            self.word = word
            if positions.count == 1, let first = positions.first {
                only = first
                bytes = []
            } else {
                only = nil
                bytes = PositionListCoding.encoded(positions)
            }
        }

        init(word: String, encoded: [UInt8]) {
            self.word = word
            only = nil
            bytes = encoded
        }

        init(word: String, only: Int32) {
            self.word = word
            self.only = only
            bytes = []
        }
    }

    /// The words in the order of their UTF-8 bytes (SQLite's `BINARY`
    /// collation), so that an index on them is written in key order rather
    /// than all over its pages. The lookup table is let go before the sort.
    public consuming func sorted() -> SortedWords {
        SortedWords(words: table.words(), slots: slots, shared: shared)
    }

    /// Whether `scalar` separates words: white space, which no typed word holds.
    public static func separates(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// Whether a typed (folded) word can be looked up in a word index.
    public static func canLookUp(_ word: String) -> Bool {
        !word.isEmpty && !word.unicodeScalars.contains(where: separates)
    }

    /// The distinct words of `text`.
    public static func words(of text: String) -> Set<String> {
        var words: Set<String> = []
        forEachWord(in: text) { words.insert($0) }
        return words
    }

    /// Calls `body` with each maximal run of `text` without white space.
    public static func forEachWord(in text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            forEachWord(in: bytes) { word in body(String(decoding: word, as: UTF8.self)) }
        }
    }

    /// Calls `body` with the bytes of each maximal run of UTF-8 `bytes` without white space.
    static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeRawBufferPointer) -> Void) {
        var start = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time to the next that may begin white space: below 0x21, or beyond ASCII.
            if let base = bytes.baseAddress {
                index = ByteWord.skip(base, from: index, to: bytes.count) {
                    ByteWord.marksBelow(0x21, in: $0) | ByteWord.marksNonASCII($0)
                }
                guard index < bytes.count else { break }
            }
            let length = whiteSpaceLength(bytes, at: index)
            guard length > 0 else {
                index += 1
                continue
            }
            if index > start { body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start ..< index]))) }
            index += length
            start = index
        }
        if bytes.count > start { body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...]))) }
    }

    /// The length in bytes of the white-space scalar at `index` of UTF-8
    /// text, or 0: the scalars with Unicode's White_Space property (what
    /// `separates` asks), found by their bytes without decoding the text.
    private static func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        switch byte {
        case 0x09 ... 0x0D, 0x20:
            return 1
        case 0xC2:
            // U+0085, U+00A0
            return index + 1 < bytes.count && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0) ? 2 : 0
        case 0xE1, 0xE2, 0xE3:
            guard index + 2 < bytes.count else { return 0 }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            switch (byte, second) {
            case (0xE1, 0x9A): return third == 0x80 ? 3 : 0  // U+1680
            // U+2000…U+200A, U+2028, U+2029, U+202F
            case (0xE2, 0x80): return (0x80 ... 0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            case (0xE2, 0x81): return third == 0x9F ? 3 : 0  // U+205F
            case (0xE3, 0x80): return third == 0x80 ? 3 : 0  // U+3000
            default: return 0
            }
        default:
            return 0
        }
    }
}
