import PostgresNIO

/// The word index behind search (schema v4): every distinct word of the
/// folded search text (`SubstringSearch.searchedText`, split at white space)
/// with the positions of the deliveries holding it.
///
/// A typed word never holds white space (`SubstringSearch.words` splits at
/// it), so it is found in a delivery's text exactly when it is found inside
/// one of that delivery's words: a substring search asks the distinct words
/// (about a tenth of the text, with a `pg_trgm` index of their own) and then
/// reads the positions of the words that match. A typed word that holds a
/// white-space scalar all the same (one hidden inside a grapheme cluster) is
/// left to the folded text (`PostgresSearch.scansText`).
///
/// Positions are stored per word as `bytea`: ascending, each the difference
/// from the one before as a LEB128 varint, so a common word's million
/// positions take a byte or two each and decode without a row per position.
struct SearchWords {
    /// Positions per word, ascending, in the order the words were first met.
    private var positions: [String: [Int32]] = [:]

    /// How many distinct words are held.
    var count: Int { positions.count }

    /// Room for the words of about `deliveries` deliveries (about one new word each: its id), so the table is not regrown.
    init(expecting deliveries: Int = 0) {
        positions.reserveCapacity(deliveries + deliveries / 8)
    }

    /// Adds the words of one delivery's folded text; positions come in ascending order.
    mutating func add(position: Int32, folded text: String) {
        Self.forEachWord(in: text) { word in Self.append(position, to: &positions[word, default: []]) }
    }

    /// Adds the words of deliveries after all of these (another part of the
    /// same manifest, read apart), so each word's positions stay ascending.
    mutating func append(_ later: SearchWords) {
        if positions.isEmpty {
            positions = later.positions
            return
        }
        positions.reserveCapacity(positions.count + later.positions.count)
        for (word, list) in later.positions { positions[word, default: []].append(contentsOf: list) }
    }

    /// One lookup per word: the list is changed in place.
    private static func append(_ position: Int32, to list: inout [Int32]) {
        if list.last != position { list.append(position) }
    }

    /// Whether `scalar` separates words: white space, which no typed word holds.
    static func separates(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// Whether a typed (folded) word can be looked up in the word index.
    static func canLookUp(_ word: String) -> Bool {
        !word.isEmpty && !word.unicodeScalars.contains(where: separates)
    }

    /// Calls `body` with each maximal run of `text` without white space.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let length = whiteSpaceLength(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                if index > start { body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                index += length
                start = index
            }
            if bytes.count > start { body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
        }
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

    /// The words as lines of COPY text format for `search_word (word, positions)`, a chunk of about `chunkBytes` at a time.
    func forEachCopyChunk(chunkBytes: Int, _ send: (ByteBuffer) throws -> Void) rethrows {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(chunkBytes + 4096)
        for (word, positions) in positions {
            CopyRow.writeEscaped(word, &buffer)
            buffer.writeInteger(UInt8(ascii: "\t"))
            // bytea in hex: `\x…`, its backslash escaped for the COPY text format.
            buffer.writeStaticString("\\\\x")
            Self.encode(positions) { byte in
                buffer.writeInteger(Self.hexDigits[Int(byte >> 4)])
                buffer.writeInteger(Self.hexDigits[Int(byte & 0x0F)])
            }
            buffer.writeInteger(UInt8(ascii: "\n"))
            if buffer.readableBytes >= chunkBytes {
                try send(buffer)
                buffer.clear()
            }
        }
        if buffer.readableBytes > 0 { try send(buffer) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Ascending positions as varint differences, a byte at a time.
    static func encode(_ positions: [Int32], _ write: (UInt8) -> Void) {
        var previous: UInt32 = 0
        for position in positions {
            var delta = UInt32(bitPattern: position) &- previous
            previous = UInt32(bitPattern: position)
            while delta >= 0x80 {
                write(UInt8(truncatingIfNeeded: delta) | 0x80)
                delta >>= 7
            }
            write(UInt8(delta))
        }
    }

    /// Ascending positions as `encode` wrote them, as bytes.
    static func encoded(_ positions: [Int32]) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(positions) { bytes.append($0) }
        return bytes
    }

    /// Calls `body` with each position of an encoded list, ascending.
    static func decode(_ buffer: ByteBuffer, _ body: (Int32) -> Void) {
        buffer.withUnsafeReadableBytes { bytes in
            var value: UInt32 = 0
            var shift: UInt32 = 0
            var previous: UInt32 = 0
            for byte in bytes {
                value |= UInt32(byte & 0x7F) << shift
                if byte & 0x80 != 0 {
                    shift += 7
                    // A corrupt run longer than a UInt32 ends here rather than trapping.
                    if shift > 28 { return }
                    continue
                }
                previous &+= value
                body(Int32(bitPattern: previous))
                value = 0
                shift = 0
            }
        }
    }
}

extension SearchWords {
    /// The words of every delivery in the store, read in position order through a cursor.
    static func reading(_ link: PostgresLink, _ connection: PostgresConnection) throws -> SearchWords {
        var words = SearchWords()
        let batch = 10000
        _ = try link.rows("""
            DECLARE idm_words NO SCROLL CURSOR FOR SELECT position, search_text FROM delivery ORDER BY position
            """, on: connection)
        while true {
            let rows = try link.rows("FETCH \(unescaped: String(batch)) FROM idm_words", on: connection)
            for row in rows {
                let (position, text) = try row.decode((Int32, String).self)
                words.add(position: position, folded: text)
            }
            if rows.count < batch { break }
        }
        _ = try link.rows("CLOSE idm_words", on: connection)
        return words
    }

    /// Makes `search_word` hold exactly these words, its trigram index built
    /// once afterwards (in the caller's transaction: a failure changes nothing).
    func replaceTable(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        try Self.replaceTable(with: copyChunks(chunkBytes: PostgresImport.chunkBytes), link, connection)
    }

    /// The words as COPY chunks (`forEachCopyChunk`), made ahead of sending them.
    func copyChunks(chunkBytes: Int) -> [ByteBuffer] {
        var chunks: [ByteBuffer] = []
        forEachCopyChunk(chunkBytes: chunkBytes) { chunks.append($0) }
        return chunks
    }

    /// Makes `search_word` hold exactly the words of `chunks` (`copyChunks`), as `replaceTable` does.
    static func replaceTable(with chunks: [ByteBuffer], _ link: PostgresLink, _ connection: PostgresConnection) throws {
        _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.dropWordIndex), on: connection)
        _ = try link.rows("TRUNCATE search_word", on: connection)
        let logger = link.quietLogger
        try link.waitFor { [chunks] in
            try await connection.copyFrom(table: "search_word", columns: ["word", "positions"], logger: logger) { writer in
                for chunk in chunks { try await writer.write(chunk) }
            }
        }
        _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.wordIndex), on: connection)
    }

    /// Keeps the word index up for a few rows written in place or added:
    /// each row's position leaves the words only its `old` text held (nil
    /// for a new row) and joins those only its `new` text holds. Only the
    /// words concerned are read and written again, in the caller's transaction.
    static func update(_ link: PostgresLink, _ connection: PostgresConnection, changed: [(position: Int32, old: String?, new: String)]) throws {
        var leaving: [String: Set<Int32>] = [:]
        var joining: [String: [Int32]] = [:]
        for row in changed {
            var old: Set<String> = []
            var new: Set<String> = []
            if let text = row.old { forEachWord(in: text) { old.insert($0) } }
            forEachWord(in: row.new) { new.insert($0) }
            for word in old.subtracting(new) { leaving[word, default: []].insert(row.position) }
            for word in new.subtracting(old) { joining[word, default: []].append(row.position) }
        }
        let words = Array(Set(leaving.keys).union(joining.keys))
        guard !words.isEmpty else { return }
        var updated = SearchWords()
        for row in try link.rows("SELECT word, positions FROM search_word WHERE word = ANY(\(words))", on: connection) {
            let (word, bytes) = try row.decode((String, ByteBuffer).self)
            var list: [Int32] = []
            decode(bytes) { list.append($0) }
            updated.positions[word, default: []] += list
        }
        for word in words {
            var list = updated.positions[word] ?? []
            if let gone = leaving[word] { list.removeAll(where: gone.contains) }
            if let added = joining[word] { list = Array(Set(list).union(added)).sorted() }
            updated.positions[word] = list.isEmpty ? nil : list
        }
        _ = try link.rows("DELETE FROM search_word WHERE word = ANY(\(words))", on: connection)
        let chunks = updated.copyChunks(chunkBytes: PostgresImport.chunkBytes)
        let logger = link.quietLogger
        try link.waitFor { [chunks] in
            try await connection.copyFrom(table: "search_word", columns: ["word", "positions"], logger: logger) { writer in
                for chunk in chunks { try await writer.write(chunk) }
            }
        }
    }
}
