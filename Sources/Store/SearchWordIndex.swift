import Foundation
import GRDB

/// The word index behind search: every distinct word of the folded search
/// texts (`WordPositions`) in `search_word`, with the positions of the
/// deliveries holding it as a blob (`PositionListCoding`), and the words'
/// trigrams in `search_trigram`, each with the ids of the words holding it
/// (`WordTrigrams`), through which every word is found, so the words need
/// no unique index of their own (which would cost a large import much of
/// its time spent on words).
///
/// A typed word holds no white space, so it is inside a delivery's folded
/// text exactly when it is inside one of that delivery's words. The words
/// are about a sixth of the text; a search finds the words holding each
/// typed word (the words holding all its trigrams, then `instr` to be exact;
/// a scan of the words for one or two characters), unites their positions
/// and intersects across typed words, and so knows the count and every
/// position at once. Status changes never touch it: a status filter reads
/// the status index.
enum SearchWordIndex {
    /// The trigram lists: `count` ids in `words`, so that a
    /// search reads the short lists' lengths first without the long ones' bytes.
    static let trigramTable = """
        CREATE TABLE search_trigram (trigram INTEGER PRIMARY KEY, count INTEGER NOT NULL, words BLOB NOT NULL);
        """

    // MARK: - Writing

    /// Writes `words[range]` into an empty word table `table` (the live one,
    /// or an import's staged copy), the word at index `i` with id `i + 1`.
    static func insert(_ words: SortedWords, _ range: Range<Int>, into table: String, _ db: Database) throws {
        // Bound through the C API (`BulkStatement`), many rows a statement: a million words.
        try BulkStatement.insert(rows: range.count, into: table, columns: ["id", "word", "positions"], db) { row, statement, first in
            let index = range.lowerBound + row
            statement.bind(index + 1, at: first)
            words.withWord(at: index) { bytes in
                // Up to a NUL, as a String is bound.
                statement.bind(copying: UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]), at: first + 1)
            }
            words.withEncoded(at: index) { statement.bind(bytes: $0, at: first + 2) }
        }
    }

    /// Writes every list of `trigrams` into an empty trigram table `table`.
    static func insert(_ trigrams: WordTrigrams, into table: String, _ db: Database) throws {
        let insert = try BulkStatement("INSERT INTO \(table)(trigram, count, words) VALUES (?, ?, ?)", db)
        try trigrams.forEach { key, count, list in
            insert.bind(Int(key), at: 1)
            insert.bind(count, at: 2)
            list.withUnsafeBytes { insert.bind(bytes: $0, at: 3) }
            try insert.run()
        }
    }

    /// Fills the empty word table from every delivery's folded text (the migration that made it, v8).
    static func buildWords(_ db: Database) throws {
        var words = WordPositions()
        let rows = try Row.fetchCursor(db, sql: "SELECT position, searchFolded FROM delivery ORDER BY position")
        while let row = try rows.next() {
            let position: Int64 = row[0]
            if let text: String = row[1] { words.add(position: Int32(truncatingIfNeeded: position), folded: text) }
        }
        let list = words.sorted()
        try insert(list, list.indices, into: "search_word", db)
    }

    /// Fills the empty trigram table from the words (the migration that made it, v9).
    static func buildTrigrams(_ db: Database) throws {
        var trigrams = WordTrigrams()
        let words = try BulkStatement("SELECT id, word FROM search_word ORDER BY id", db)
        try words.forEach { row in trigrams.add(id: Int32(truncatingIfNeeded: row.int(at: 0)), word: row.text(at: 1)) }
        try insert(trigrams, into: "search_trigram", db)
    }

    /// Keeps the index right for rows written in place or added (a small
    /// import): each row's position leaves the words only its `old` text held
    /// (nil for a new row) and joins those only its `new` text holds. Only
    /// the words concerned are read and written again.
    static func update(_ db: Database, changed: [(position: Int32, old: String?, new: String)]) throws {
        var change = WordIndexChange(changed: changed)
        // A word is found through its keys' lists (`WordTrigrams`): the words holding them all, then the one alike.
        let find = try BulkStatement("SELECT positions FROM search_word WHERE id = ? AND word = ?", db)
        for word in change.words {
            var positions: [Int32] = []
            var id: Int64?
            find.bindUpToNUL(word, at: 2)
            for candidate in try wordIDs(holding: WordTrigrams.keys(of: word), db) {
                find.bind(Int(candidate), at: 1)
                guard let found = try find.first({ row in row.withBytes(at: 0) { PositionListCoding.decoded($0) } }) else { continue }
                id = Int64(candidate)
                positions = found
                break
            }
            positions = change.positions(of: word, from: positions)
            switch (id, positions.isEmpty) {
            case (let id?, true):
                try db.execute(sql: "DELETE FROM search_word WHERE id = ?", arguments: [id])
                change.wordLeft(word, id: Int32(truncatingIfNeeded: id))
            case (let id?, false):
                try db.execute(sql: "UPDATE search_word SET positions = ? WHERE id = ?",
                               arguments: [Data(PositionListCoding.encoded(positions)), id])
            case (nil, false):
                try db.execute(sql: "INSERT INTO search_word(word, positions) VALUES (?, ?)",
                               arguments: [word, Data(PositionListCoding.encoded(positions))])
                change.wordCame(word, id: Int32(truncatingIfNeeded: db.lastInsertedRowID))
            case (nil, true):
                break
            }
        }
        // Each list concerned is read and written once, however many of its words changed.
        let read = try BulkStatement("SELECT words FROM search_trigram WHERE trigram = ?", db)
        let write = try BulkStatement("INSERT OR REPLACE INTO search_trigram(trigram, count, words) VALUES (?, ?, ?)", db)
        let delete = try BulkStatement("DELETE FROM search_trigram WHERE trigram = ?", db)
        for key in change.trigrams {
            read.bind(Int(key), at: 1)
            let stored = try read.first { row in row.withBytes(at: 0) { PositionListCoding.decoded($0) } } ?? []
            let ids = change.ids(of: key, from: stored)
            guard !ids.isEmpty else {
                delete.bind(Int(key), at: 1)
                try delete.run()
                continue
            }
            write.bind(Int(key), at: 1)
            write.bind(ids.count, at: 2)
            PositionListCoding.encoded(ids).withUnsafeBytes { write.bind(bytes: $0, at: 3) }
            try write.run()
        }
    }

    // MARK: - Searching

    /// The positions of the deliveries holding every one of `words` (typed
    /// words, folded) and, when given, having `status`, ascending. Watches
    /// `ReadInterruption.current` between words' rows as SQLite does within them.
    static func positions(holding words: [String], status: String?, _ db: Database) throws -> [Int32] {
        let capacity = try StoreDatabase.rowCount(db)
        guard var matched = try PositionSet.holdingAll(words, { try positions(holding: $0, capacity: capacity, db) }), !matched.isEmpty
        else { return [] }
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
        guard word.unicodeScalars.count >= 3 else {
            // One or two characters have no trigram: every word is looked at.
            let rows = try Row.fetchCursor(db, sql: "SELECT positions FROM search_word WHERE instr(word, ?) > 0", arguments: [word])
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
        // The words holding all of its trigrams, each then asked whether it holds them in order.
        let lookup = try BulkStatement("SELECT positions FROM search_word WHERE id = ? AND instr(word, ?) > 0", db)
        lookup.bindUpToNUL(word, at: 2)
        for (checked, id) in try wordIDs(holding: WordTrigrams.keys(of: word), db).enumerated() {
            lookup.bind(Int(id), at: 1)
            _ = try lookup.first { row in row.withBytes(at: 0) { PositionListCoding.decode($0) { found.insert($0) } } }
            if checked % 1024 == 1023 { try checkInterruption() }
        }
        return found
    }

    /// The ids of the words holding every trigram of `keys`, ascending, or
    /// some more: when the ids left are far fewer than a list's, the list
    /// is not read (checking each word costs less, and `instr` decides).
    static func wordIDs(holding keys: [Int64], _ db: Database) throws -> [Int32] {
        let counts = try BulkStatement("SELECT count FROM search_trigram WHERE trigram = ?", db)
        var lists: [(key: Int64, count: Int)] = []
        for key in keys {
            counts.bind(Int(key), at: 1)
            // A trigram no word holds: no word holds them all.
            guard let count = try counts.first({ $0.int(at: 0) }) else { return [] }
            lists.append((key, count))
        }
        let read = try BulkStatement("SELECT words FROM search_trigram WHERE trigram = ?", db)
        var ids: [Int32]?
        for list in lists.sorted(by: { $0.count < $1.count }) {
            guard WordTrigrams.needsList(of: list.count, keeping: ids) else { break }
            read.bind(Int(list.key), at: 1)
            ids = try read.first { row in row.withBytes(at: 0) { [ids] in WordTrigrams.ids(ids, alsoIn: $0) } } ?? []
            try checkInterruption()
            if ids?.isEmpty ?? true { return [] }
        }
        return ids ?? []
    }

    /// Throws `SQLITE_INTERRUPT` when the read was interrupted (`ReadInterruption`).
    private static func checkInterruption() throws {
        if ReadInterruption.current?.isInterrupted == true {
            throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted")
        }
    }
}
