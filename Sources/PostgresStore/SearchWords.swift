import Foundation
import Model
import PostgresNIO
import Store

/// The word index behind search, the SQLite store's (`SearchWordIndex`)
/// kept in PostgreSQL (schema v11): every distinct word of the folded search
/// texts, numbered, with the positions of the deliveries holding it
/// (`WordPositions`), in `search_word (id, word, positions)`; and for every
/// run of three scalars in some word, the ids of the words holding it
/// (`WordTrigrams`), in `search_trigram (trigram, count, words)`. Positions
/// and ids are stored as `bytea` lists (`PositionListCoding`).
///
/// Until v11 the words had a `pg_trgm` index instead. At 10^6 deliveries
/// a million of the words are ids, and that index cost every import 3-6 s of
/// the server's time to build; the lists are about 2,000 rows, made by the
/// import's client in the pass that encodes the words (0.2 s), and the words
/// need only a primary key (0.4 s).
///
/// A typed word that holds a white-space scalar (one hidden inside a
/// grapheme cluster) is left to the folded text (`PostgresSearch.scansText`).
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

    /// Hands the word index to `queue` as COPY chunks of about `chunkBytes`
    /// (`WordTableChunk`): the words numbered from 1 in the order they came,
    /// then their trigrams' lists, gathered in the same pass (from each
    /// word's bytes as kept, no String or array made of a word or its list:
    /// a million of each at 10^6). The queue is bounded, so the chunks made
    /// are never many more than those sent. Finishes the queue; stops early
    /// when its consumer gives up.
    func send(chunkBytes: Int, to queue: BoundedQueue<WordTableChunk>) {
        func put(_ chunk: WordTableChunk?) throws {
            guard let chunk else { return }
            guard queue.put(chunk) else { throw CancellationError() }
        }
        do {
            var trigrams = WordTrigrams()
            var copyRows = CopyRows(chunkBytes: chunkBytes)
            var id: Int32 = 0
            try positions.forEachEncoded { word, encoded in
                id += 1
                trigrams.add(id: id, utf8: word)
                try put(copyRows.word(id: id, word, encoded).map(WordTableChunk.words))
            }
            try put(copyRows.finish().map(WordTableChunk.words))
            try trigrams.forEach { key, count, list in
                try put(list.withUnsafeBytes { copyRows.trigram(key, count: count, $0) }.map(WordTableChunk.trigrams))
            }
            try put(copyRows.finish().map(WordTableChunk.trigrams))
        } catch {
            // Only a consumer that gave up stops it: nobody is left to tell.
        }
        queue.finish(error: nil)
    }

    /// Rows of COPY's binary format (`BinaryCopy`) for the two tables, cut into chunks of about `chunkBytes`.
    private struct CopyRows {
        let chunkBytes: Int
        private var buffer = ByteBuffer()

        init(chunkBytes: Int) {
            self.chunkBytes = chunkBytes
            buffer.reserveCapacity(chunkBytes + 4096)
        }

        /// A row of `search_word`: the id, the word, its positions. A chunk when one is full.
        mutating func word(id: Int32, _ word: UnsafeRawBufferPointer, _ encoded: UnsafeRawBufferPointer) -> ByteBuffer? {
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: BinaryCopy.rowBytes(fields: 3, payload: 4 + word.count + encoded.count)) { free in
                guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                var row = BinaryCopy.RowWriter(base: base, fields: 3)
                row.int32(id)
                row.bytes(word)
                row.bytes(encoded)
                return row.count
            }
            return buffer.readableBytes >= chunkBytes ? finish() : nil
        }

        /// A row of `search_trigram`: the key, how many ids, the ids. A chunk when one is full.
        mutating func trigram(_ key: Int64, count: Int, _ encoded: UnsafeRawBufferPointer) -> ByteBuffer? {
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: BinaryCopy.rowBytes(fields: 3, payload: 8 + 4 + encoded.count)) { free in
                guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                var row = BinaryCopy.RowWriter(base: base, fields: 3)
                row.int64(key)
                row.int32(Int32(clamping: count))
                row.bytes(encoded)
                return row.count
            }
            return buffer.readableBytes >= chunkBytes ? finish() : nil
        }

        /// The rows written since the last chunk, if any.
        mutating func finish() -> ByteBuffer? {
            guard buffer.readableBytes > 0 else { return nil }
            defer {
                buffer = ByteBuffer()
                buffer.reserveCapacity(chunkBytes + 4096)
            }
            return buffer
        }
    }
}

// MARK: - Writing

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

    /// Makes the word index hold exactly these words, in the caller's transaction (a failure changes nothing).
    func replaceTables(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        let chunks = BoundedQueue<WordTableChunk>(capacity: Self.queuedChunks)
        defer { chunks.cancel() }
        Thread { [self] in send(chunkBytes: PostgresImport.chunkBytes, to: chunks) }.start()
        try Self.replaceTables(from: chunks, link, connection)
    }

    /// COPY chunks of the word index made ahead of those sent (a few MB).
    static let queuedChunks = 4

    /// Makes the word index hold exactly the words `chunks` hands over (`send`), as `replaceTables` does.
    static func replaceTables(from chunks: BoundedQueue<WordTableChunk>, _ link: PostgresLink, _ connection: PostgresConnection) throws {
        _ = try link.rows("TRUNCATE search_word, search_trigram", on: connection)
        // A million words' key is built once from sorted ids, not kept up row by row.
        _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.wordKey.drop), on: connection)
        try copy(from: chunks, into: (words: "search_word", trigrams: "search_trigram"), link, connection)
        _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.wordKey.build), on: connection)
    }

    /// Sends the chunks `chunks` hands over (`send`) into `tables` (the live
    /// ones, or tables shaped like them) as they come: the words, then the trigrams.
    static func copy(
        from chunks: BoundedQueue<WordTableChunk>, into tables: (words: String, trigrams: String),
        _ link: PostgresLink, _ connection: PostgresConnection
    ) throws {
        let logger = link.quietLogger
        try link.waitFor {
            // The first trigram chunk ends the words' COPY and begins the trigrams'.
            var first: ByteBuffer?
            try await connection.copyBinary(into: tables.words, columns: ["id", "word", "positions"], logger: logger) { writer in
                while let chunk = try chunks.take() {
                    switch chunk {
                    case .words(let rows):
                        try await writer.write(rows)
                    case .trigrams(let rows):
                        first = rows
                        return
                    }
                }
            }
            try await connection.copyBinary(into: tables.trigrams, columns: ["trigram", "count", "words"], logger: logger) { [first] writer in
                if let first { try await writer.write(first) }
                while let chunk = try chunks.take() {
                    guard case .trigrams(let rows) = chunk else { throw CancellationError() }
                    try await writer.write(rows)
                }
            }
        }
    }

    /// Sends COPY rows into `table` (a few, made here: `update`).
    private static func copy(
        _ chunks: [ByteBuffer], into table: String, columns: [String], _ link: PostgresLink, _ connection: PostgresConnection
    ) throws {
        guard !chunks.isEmpty else { return }
        let logger = link.quietLogger
        try link.waitFor { [chunks] in
            try await connection.copyBinary(into: table, columns: columns, logger: logger) { writer in
                for chunk in chunks { try await writer.write(chunk) }
            }
        }
    }

    /// Keeps the word index up for a few rows written in place or added:
    /// each row's position leaves the words only its `old` text held (nil
    /// for a new row) and joins those only its `new` text holds. Only the
    /// words concerned, and the trigram lists of words that come or go, are
    /// read and written again, in the caller's transaction.
    static func update(_ link: PostgresLink, _ connection: PostgresConnection, changed: [(position: Int32, old: String?, new: String)]) throws {
        var change = WordIndexChange(changed: changed)
        let concerned = Array(change.words)
        guard !concerned.isEmpty else { return }
        // One scan of the words for all of them (hashed by the server), rather than a lookup each.
        var stored: [String: (id: Int32, positions: [Int32])] = [:]
        for row in try link.rows("SELECT id, word, positions FROM search_word WHERE word = ANY(\(concerned))", on: connection) {
            let (id, word, bytes) = try row.decode((Int32, String, ByteBuffer).self)
            stored[word] = (id, bytes.withUnsafeReadableBytes { PositionListCoding.decoded($0) })
        }
        var lastID = try link.rows("SELECT coalesce(max(id), 0) FROM search_word", on: connection).first?.decode(Int32.self) ?? 0
        var rewritten: [Int32] = []
        var copyRows = CopyRows(chunkBytes: PostgresImport.chunkBytes)
        var chunks: [ByteBuffer] = []
        for word in concerned {
            let positions = change.positions(of: word, from: stored[word]?.positions ?? [])
            let id: Int32
            switch (stored[word]?.id, positions.isEmpty) {
            case (let old?, true):
                rewritten.append(old)
                change.wordLeft(word, id: old)
                continue
            case (let old?, false):
                rewritten.append(old)
                id = old
            case (nil, false):
                lastID += 1
                id = lastID
                change.wordCame(word, id: id)
            case (nil, true):
                continue
            }
            var text = word
            let full = text.withUTF8 { word in
                PositionListCoding.encoded(positions).withUnsafeBytes { copyRows.word(id: id, UnsafeRawBufferPointer(word), $0) }
            }
            if let full { chunks.append(full) }
        }
        if let rest = copyRows.finish() { chunks.append(rest) }
        _ = try link.rows("DELETE FROM search_word WHERE id = ANY(\(rewritten))", on: connection)
        try copy(chunks, into: "search_word", columns: ["id", "word", "positions"], link, connection)
        chunks = []

        let keys = Array(change.trigrams)
        guard !keys.isEmpty else { return }
        var lists: [Int64: [Int32]] = [:]
        for row in try link.rows("SELECT trigram, words FROM search_trigram WHERE trigram = ANY(\(keys))", on: connection) {
            let (key, bytes) = try row.decode((Int64, ByteBuffer).self)
            lists[key] = bytes.withUnsafeReadableBytes { PositionListCoding.decoded($0) }
        }
        for key in keys {
            let ids = change.ids(of: key, from: lists[key] ?? [])
            guard !ids.isEmpty else { continue }
            if let full = PositionListCoding.encoded(ids).withUnsafeBytes({ copyRows.trigram(key, count: ids.count, $0) }) {
                chunks.append(full)
            }
        }
        if let rest = copyRows.finish() { chunks.append(rest) }
        _ = try link.rows("DELETE FROM search_trigram WHERE trigram = ANY(\(keys))", on: connection)
        try copy(chunks, into: "search_trigram", columns: ["trigram", "count", "words"], link, connection)
    }
}

// MARK: - Searching

extension SearchWords {
    /// Adds to `found` the positions of the deliveries with a word holding
    /// `word` (a typed word, folded, without white space): the words holding
    /// all its trigrams, then each asked whether it holds them in order; a
    /// word of one or two scalars has none, and every word is looked at, as
    /// it is when the candidates are very many (`wordsLookedUpByKey`).
    static func positions(
        holding word: String, into found: inout PositionSet, lookingUpByKeyAtMost wordsLookedUpByKey: Int = wordsLookedUpByKey,
        _ link: PostgresLink, _ connection: PostgresConnection
    ) throws {
        // The words' lists as one array in one row: a row each costs this end
        // far more to take in than an element each (a word of every id, "dlv",
        // at 10^6: 2.2-3.2 s as rows, 1.7-2.1 s as one array).
        let rows: [PostgresRow]
        let scan: PostgresQuery = "SELECT array_agg(positions) FROM search_word WHERE strpos(word, \(word)) > 0"
        if word.unicodeScalars.count < 3 {
            rows = try link.rows(scan, on: connection)
        } else {
            let ids = try wordIDs(holding: WordTrigrams.keys(of: word), link, connection)
            guard !ids.isEmpty else { return }
            // Very many candidates: every word looked at is cheaper than that many looked up by key.
            rows = try link.rows(ids.count > wordsLookedUpByKey ? scan : """
                SELECT array_agg(positions) FROM search_word WHERE id = ANY(\(ids)) AND strpos(word, \(word)) > 0
                """, on: connection)
        }
        guard let lists = try rows.first?.decode([ByteBuffer]?.self) else { return }
        for bytes in lists {
            bytes.withUnsafeReadableBytes { PositionListCoding.decode($0) { found.insert($0) } }
        }
    }

    /// Candidate words above which every word is looked at rather than these
    /// by key: at 10^6, the server looks at all 1,010,980 words in 0.13 s,
    /// and looks up 10^6 by key (all the ids, for "dlv") in about a second.
    static let wordsLookedUpByKey = 65_536

    /// The ids of the words holding every trigram of `keys`, ascending, or
    /// some more (`WordTrigrams.needsList`): the lists read shortest first,
    /// as the SQLite store reads them.
    static func wordIDs(holding keys: [Int64], _ link: PostgresLink, _ connection: PostgresConnection) throws -> [Int32] {
        var counts: [Int64: Int] = [:]
        for row in try link.rows("SELECT trigram, count FROM search_trigram WHERE trigram = ANY(\(keys))", on: connection) {
            let (key, count) = try row.decode((Int64, Int32).self)
            counts[key] = Int(count)
        }
        // A trigram no word holds: no word holds them all.
        guard counts.count == Set(keys).count else { return [] }
        var ids: [Int32]?
        for (key, count) in counts.sorted(by: { $0.value < $1.value }) {
            guard WordTrigrams.needsList(of: count, keeping: ids) else { break }
            let bytes = try link.rows("SELECT words FROM search_trigram WHERE trigram = \(key)", on: connection)
                .first?.decode(ByteBuffer.self)
            ids = bytes?.withUnsafeReadableBytes { [ids] in WordTrigrams.ids(ids, alsoIn: $0) } ?? []
            if ids?.isEmpty ?? true { return [] }
        }
        return ids ?? []
    }
}
