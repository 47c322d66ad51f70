import Foundation
import GRDB

/// The word index behind search (schema v8): every distinct word of the
/// folded search texts (`WordPositions`) in `search_word`, with the
/// positions of the deliveries holding it as a blob (`PositionListCoding`),
/// and a trigram index over the words alone, `search_word_trigram`.
///
/// A typed word holds no white space, so it is inside a delivery's folded
/// text exactly when it is inside one of that delivery's words. The words
/// are about a sixth of the text, so the trigram index over them costs an
/// import a sixth of one over whole texts; a search finds the words holding
/// each typed word (their trigrams, then `instr` to be exact; a scan of the
/// words for one or two characters), unites their positions and intersects
/// across typed words, and so knows the count and every position at once.
/// Status changes never touch it: a status filter reads the status index.
enum SearchWordIndex {
    /// The tables (`search_word` and its trigram index; `prefix` for a staged copy).
    static let tables = """
        CREATE TABLE search_word (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, positions BLOB NOT NULL);
        CREATE VIRTUAL TABLE search_word_trigram USING fts5(
            word, content = '', tokenize = 'trigram case_sensitive 1', columnsize = 0, detail = none
        );
        """

    // MARK: - Writing

    /// Writes `words[range]` into empty tables `words` and `trigrams` (the
    /// live ones, or an import's staged copies), the word at index `i` with id `i + 1`.
    static func insert(
        _ words: SortedWords, _ range: Range<Int>, into table: String, trigrams: String, _ db: Database
    ) throws {
        // Bound through the C API (`BulkStatement`): a million words, each a row of two tables.
        let word = try BulkStatement("INSERT INTO \(table)(id, word, positions) VALUES (?, ?, ?)", db)
        let trigram = try BulkStatement("INSERT INTO \(trigrams)(rowid, word) VALUES (?, ?)", db)
        for index in range {
            let entry = words[index]
            word.bind(index + 1, at: 1)
            word.bindUpToNUL(entry.word, at: 2)
            entry.withEncoded { word.bind(bytes: $0, at: 3) }
            try word.run()
            trigram.bind(index + 1, at: 1)
            trigram.bindUpToNUL(entry.word, at: 2)
            try trigram.run()
        }
    }

    /// Fills the empty live tables from every delivery's folded text (the migration that made them).
    static func build(_ db: Database) throws {
        var words = WordPositions()
        let rows = try Row.fetchCursor(db, sql: "SELECT position, searchFolded FROM delivery ORDER BY position")
        while let row = try rows.next() {
            let position: Int64 = row[0]
            if let text: String = row[1] { words.add(position: Int32(truncatingIfNeeded: position), folded: text) }
        }
        let list = words.sorted()
        try insert(list, list.indices, into: "search_word", trigrams: "search_word_trigram", db)
    }

    /// Keeps the index right for rows written in place or added (a small
    /// import): each row's position leaves the words only its `old` text held
    /// (nil for a new row) and joins those only its `new` text holds. Only
    /// the words concerned are read and written again.
    static func update(_ db: Database, changed: [(position: Int32, old: String?, new: String)]) throws {
        var leaving: [String: Set<Int32>] = [:]
        var joining: [String: Set<Int32>] = [:]
        for row in changed where row.old != row.new {
            let old = row.old.map(WordPositions.words(of:)) ?? []
            let new = WordPositions.words(of: row.new)
            for word in old.subtracting(new) { leaving[word, default: []].insert(row.position) }
            for word in new.subtracting(old) { joining[word, default: []].insert(row.position) }
        }
        let find = try db.cachedStatement(sql: "SELECT id, positions FROM search_word WHERE word = ?")
        for word in Set(leaving.keys).union(joining.keys) {
            var positions: [Int32] = []
            var id: Int64?
            if let row = try Row.fetchOne(find, arguments: [word]) {
                id = row[0]
                positions = PositionListCoding.decoded([UInt8](row[1] as Data))
            }
            if let gone = leaving[word] { positions.removeAll(where: gone.contains) }
            if let added = joining[word] { positions = Array(Set(positions).union(added)).sorted() }
            switch (id, positions.isEmpty) {
            case (let id?, true):
                try db.execute(sql: "DELETE FROM search_word WHERE id = ?", arguments: [id])
                // A contentless index deletes by the values it was given.
                try db.execute(sql: "INSERT INTO search_word_trigram(search_word_trigram, rowid, word) VALUES ('delete', ?, ?)",
                               arguments: [id, word])
            case (let id?, false):
                try db.execute(sql: "UPDATE search_word SET positions = ? WHERE id = ?",
                               arguments: [Data(PositionListCoding.encoded(positions)), id])
            case (nil, false):
                try db.execute(sql: "INSERT INTO search_word(word, positions) VALUES (?, ?)",
                               arguments: [word, Data(PositionListCoding.encoded(positions))])
                try db.execute(sql: "INSERT INTO search_word_trigram(rowid, word) VALUES (?, ?)", arguments: [db.lastInsertedRowID, word])
            case (nil, true):
                break
            }
        }
    }

    // MARK: - Searching

    /// The positions of the deliveries holding every one of `words` (typed
    /// words, folded) and, when given, having `status`, ascending. Watches
    /// `ReadInterruption.current` between words' rows as SQLite does within them.
    static func positions(holding words: [String], status: String?, _ db: Database) throws -> [Int32] {
        let capacity = try StoreDatabase.rowCount(db)
        var matched: PositionSet?
        // Longer words are rarer: the first set is then small, and an empty one ends the search early.
        for word in Set(words).sorted(by: { $0.unicodeScalars.count > $1.unicodeScalars.count }) {
            let found = try positions(holding: word, capacity: capacity, db)
            if matched == nil { matched = found } else { matched?.formIntersection(found) }
            if matched?.isEmpty ?? true { return [] }
        }
        guard var matched else { return [] }
        if let status {
            var found = PositionSet(capacity: capacity)
            let rows = try Int64.fetchCursor(db, sql: "SELECT position FROM delivery WHERE status = ?", arguments: [status])
            while let position = try rows.next() { found.insert(Int32(truncatingIfNeeded: position)) }
            matched.formIntersection(found)
        }
        try checkInterruption()
        return matched.positions
    }

    /// The positions of the deliveries whose folded text holds `word`.
    static func positions(holding word: String, capacity: Int, _ db: Database) throws -> PositionSet {
        var found = PositionSet(capacity: capacity)
        guard WordPositions.canLookUp(word) else {
            // White space inside a typed word (in a grapheme cluster): only the whole text can hold it.
            let rows = try Int64.fetchCursor(db, sql: "SELECT position FROM delivery WHERE instr(searchFolded, ?) > 0", arguments: [word])
            while let position = try rows.next() { found.insert(Int32(truncatingIfNeeded: position)) }
            return found
        }
        let rows: RowCursor
        if let phrases = trigramQuery(word) {
            rows = try Row.fetchCursor(db, sql: """
                SELECT w.positions FROM search_word_trigram AS t JOIN search_word AS w ON w.id = t.rowid
                WHERE search_word_trigram MATCH ? AND instr(w.word, ?) > 0
                """, arguments: [phrases, word])
        } else {
            // One or two characters have no trigram: every word is looked at.
            rows = try Row.fetchCursor(db, sql: "SELECT positions FROM search_word WHERE instr(word, ?) > 0", arguments: [word])
        }
        var checked = 0
        while let row = try rows.next() {
            try row.withUnsafeData(atIndex: 0) { blob in
                blob?.withUnsafeBytes { PositionListCoding.decode($0) { found.insert($0) } }
            }
            // A common word's list is long: look at the flag now and then, as SQLite's steps do.
            checked += 1
            if checked % 1024 == 0 { try checkInterruption() }
        }
        return found
    }

    /// Every trigram of `word` as its own phrase, all of them required (the
    /// index keeps no positions, so `instr` then confirms they are in order),
    /// or nil for a word shorter than a trigram.
    static func trigramQuery(_ word: String) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 3 else { return nil }
        var seen: Set<String> = []
        var phrases: [String] = []
        for start in 0 ... scalars.count - 3 {
            // Quotes doubled scalar by scalar: a quote with a combining mark is one Character.
            var phrase = "\""
            for scalar in scalars[start ..< start + 3] {
                phrase.unicodeScalars.append(scalar)
                if scalar == "\"" { phrase.unicodeScalars.append(scalar) }
            }
            phrase.unicodeScalars.append("\"")
            guard seen.insert(phrase).inserted else { continue }
            phrases.append(phrase)
        }
        return phrases.joined(separator: " ")
    }

    /// Throws `SQLITE_INTERRUPT` when the read was interrupted (`ReadInterruption`).
    private static func checkInterruption() throws {
        if ReadInterruption.current?.isInterrupted == true {
            throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted")
        }
    }
}
