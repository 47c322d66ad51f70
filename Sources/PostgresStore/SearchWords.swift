import PostgresNIO
import Store

/// The word index behind search (schema v4): every distinct word of the
/// folded search text with the positions of the deliveries holding it
/// (`WordPositions`, which the SQLite store's index is made of too), copied
/// into `search_word` with a `pg_trgm` index over the words.
///
/// A typed word that holds a white-space scalar (one hidden inside a
/// grapheme cluster) is left to the folded text (`PostgresSearch.scansText`).
/// Positions are stored per word as `bytea` (`PositionListCoding`).
struct SearchWords {
    /// Positions per word, ascending, in the order the words were first met.
    private var positions: WordPositions

    /// How many distinct words are held.
    var count: Int { positions.count }

    /// Room for the words of about `deliveries` deliveries (about one new word each: its id), so the table is not regrown.
    init(expecting deliveries: Int = 0) {
        positions = WordPositions(expecting: deliveries)
    }

    /// Adds the words of one delivery's folded text; positions come in ascending order.
    mutating func add(position: Int32, folded text: String) {
        positions.add(position: position, folded: text)
    }

    /// Adds the words of deliveries after all of these (another part of the
    /// same manifest, read apart), so each word's positions stay ascending.
    mutating func append(_ later: SearchWords) {
        positions.append(later.positions)
    }

    /// The words as lines of COPY text format for `search_word (word, positions)`, a chunk of about `chunkBytes` at a time.
    func forEachCopyChunk(chunkBytes: Int, _ send: (ByteBuffer) throws -> Void) rethrows {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(chunkBytes + 4096)
        try positions.forEachEncoded { word, encoded in
            CopyRow.writeEscaped(word, &buffer)
            // A tab, the bytea in hex (`\x…`, its backslash escaped for the COPY text format), a newline.
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 4 + 2 * encoded.count + 1) { free in
                guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                base[0] = UInt8(ascii: "\t")
                base[1] = UInt8(ascii: "\\")
                base[2] = UInt8(ascii: "\\")
                base[3] = UInt8(ascii: "x")
                var count = 4
                for byte in encoded {
                    base[count] = Self.hexDigits[Int(byte >> 4)]
                    base[count + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    count += 2
                }
                base[count] = UInt8(ascii: "\n")
                return count + 1
            }
            if buffer.readableBytes >= chunkBytes {
                try send(buffer)
                buffer.clear()
            }
        }
        if buffer.readableBytes > 0 { try send(buffer) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
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
        try copy(chunks, into: "search_word", link, connection)
        _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.wordIndex()), on: connection)
    }

    /// Sends COPY chunks of words (`copyChunks`) into `table` (`search_word`, or one shaped like it).
    static func copy(_ chunks: [ByteBuffer], into table: String, _ link: PostgresLink, _ connection: PostgresConnection) throws {
        let logger = link.quietLogger
        try link.waitFor { [chunks] in
            try await connection.copyFrom(table: table, columns: ["word", "positions"], logger: logger) { writer in
                for chunk in chunks { try await writer.write(chunk) }
            }
        }
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
            if let text = row.old { WordPositions.forEachWord(in: text) { old.insert($0) } }
            WordPositions.forEachWord(in: row.new) { new.insert($0) }
            for word in old.subtracting(new) { leaving[word, default: []].insert(row.position) }
            for word in new.subtracting(old) { joining[word, default: []].append(row.position) }
        }
        let words = Array(Set(leaving.keys).union(joining.keys))
        guard !words.isEmpty else { return }
        var updated = SearchWords()
        for row in try link.rows("SELECT word, positions FROM search_word WHERE word = ANY(\(words))", on: connection) {
            let (word, bytes) = try row.decode((String, ByteBuffer).self)
            var list: [Int32] = []
            bytes.withUnsafeReadableBytes { PositionListCoding.decode($0) { list.append($0) } }
            updated.positions[word] = (updated.positions[word] ?? []) + list
        }
        for word in words {
            var list = updated.positions[word] ?? []
            if let gone = leaving[word] { list.removeAll(where: gone.contains) }
            if let added = joining[word] { list = Array(Set(list).union(added)).sorted() }
            updated.positions[word] = list
        }
        _ = try link.rows("DELETE FROM search_word WHERE word = ANY(\(words))", on: connection)
        try copy(updated.copyChunks(chunkBytes: PostgresImport.chunkBytes), into: "search_word", link, connection)
    }
}
