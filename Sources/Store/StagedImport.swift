import Foundation
import GRDB
import Model

/// A large import, written beside the live tables and swapped in at the end,
/// so that it never holds the store's write lock for long and readers never
/// see it half done.
///
/// The tables an import changes (`replaced`) are made again under a
/// `staged_` prefix, empty but defined exactly like the live ones. The
/// manifest's rows are written there a slice at a time, each slice its own
/// short transaction (an existing id keeps its position, a new one is
/// appended after the live rows), then the live rows the manifest does not
/// mention are copied over, then the word index is written (`SearchWordIndex`:
/// the words the reading thread gathered, and those of the rows kept) and the
/// counts made. Readers query only the live tables, so they see none of this,
/// and a failed or killed import leaves nothing but staging to discard.
///
/// `publish` then swaps the tables in one short transaction: the live ones
/// become `retired_…`, the staged ones take their names, the live triggers
/// are made again on them, and every status changed while the import ran
/// (a trigger logs them in `staged_change`) is carried over, so none is
/// lost. The retired tables are then emptied and dropped a slice at a time
/// (`discardStep`), as is the staging of an import that was killed.
struct StagedImport {
    /// The tables an import makes anew: the deliveries, their text lengths,
    /// the word index and the counts per status.
    static let replaced = ["delivery", "delivery_length", "search_word", "search_trigram", "status_count"]
    /// The log of deliveries whose status changed while the import ran.
    static let changeLog = "staged_change"
    static let changeTrigger = "staged_change_log"

    static func staged(_ table: String) -> String { "staged_" + table }
    static func retired(_ table: String) -> String { "retired_" + table }

    /// The store file, for messages.
    let path: String
    /// Rows in the store when the import began; new deliveries are numbered after them.
    let before: Int
    /// Manifest rows written so far that were new, and that were already in the store.
    private(set) var added = 0
    private(set) var updated = 0
    /// Live rows the manifest did not mention, copied so far.
    private(set) var kept = 0
    /// The position each manifest row written so far was given, in manifest order.
    private(set) var positions: [Int32] = []
    /// The staged tables' indexes not made yet (`buildIndexes`): the status
    /// index until the first slice, the ids' unique index (`unique`), and the
    /// sort orders' (`afterRows`).
    private var unbuiltIndexes: [(sql: String, unique: Bool, afterRows: Bool)] = []
    /// `indexesBuiltUpTo` for this import.
    private var indexesUpTo = indexesBuiltUpTo
    /// Whether the ids written so far came in ascending order, and the row of the last.
    private var idsAscend = true
    private var lastRow: ImportRow?

    /// Staged rows up to which the ids' index, when they come out of order,
    /// is built once the rows are all staged: with ids in random order (a
    /// manifest of UUIDs), building it is much faster than inserting each id
    /// into an index bigger than the page cache, where every insert reads a
    /// page from disk. But building it holds the write lock throughout, so a bigger
    /// import builds it once it has this many rows (as long as one of its
    /// index transactions) and keeps it up from there.
    static let indexesBuiltUpTo = 1_000_000

    /// Makes the staging tables, empty, and starts logging status changes.
    /// The first slice of an import.
    static func begin(path: String, indexesBuiltUpTo: Int = indexesBuiltUpTo, _ db: Database) throws -> StagedImport {
        var indexes: [(sql: String, afterRows: Bool)] = []
        for table in replaced {
            // A column declared UNIQUE (v1's ids) gets an index of its own, which can be made after the rows.
            let (sql, unique) = try uniqueColumnsApart(try definition(of: table, named: staged(table), path: path, db),
                                                       of: table, on: staged(table), path: path, db)
            try db.execute(sql: sql)
            indexes += unique.map { ($0, false) } + (try indexDefinitions(of: table, on: staged(table), path: path, db)).map { index in
                (index.sql, table == "delivery" && StoreSchema.sortOrderColumns.contains(index.columns.first ?? ""))
            }
        }
        try db.execute(sql: """
            CREATE TABLE \(changeLog) (id TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TRIGGER \(changeTrigger) AFTER UPDATE OF status ON delivery BEGIN
                INSERT OR IGNORE INTO \(changeLog)(id) VALUES (new.id);
            END;
            """)
        var staged = StagedImport(path: path, before: try StoreDatabase.rowCount(db))
        staged.unbuiltIndexes = indexes.map { ($0.sql, $0.sql.hasPrefix("CREATE UNIQUE"), $0.afterRows) }
        staged.indexesUpTo = indexesBuiltUpTo
        return staged
    }

    /// Builds the staged tables' indexes not made yet: all of them when every
    /// row is staged (`allStaged`) or as soon as more than `indexesBuiltUpTo`
    /// are. The status index from the first slice on, and the ids' unique
    /// index while the ids come in order, as they do from a generated
    /// manifest: an insert then lands at the end of its status or at the end
    /// of the ids. Kept up so, the indexes cost the writer a little more than
    /// building them afterwards, but while the reading thread, the slower,
    /// makes the rows; built after them, the status index would lengthen the
    /// import's tail, when the writer works alone. The sort orders' indexes
    /// (names, windows) wait for the rows, whose keys come in no order:
    /// each insert would land anywhere in an index bigger than the page
    /// cache, which costs far more than building it once.
    mutating func buildIndexes(allStaged: Bool, _ db: Database) throws {
        let all = allStaged || added + updated + kept > indexesUpTo
        let idsAscend = idsAscend
        let due = { (index: (sql: String, unique: Bool, afterRows: Bool)) in
            all || (!index.afterRows && (!index.unique || idsAscend))
        }
        for index in unbuiltIndexes where due(index) { try db.execute(sql: index.sql) }
        unbuiltIndexes.removeAll(where: due)
    }

    /// `sql`, the definition of `table` for `newTable`, without the `UNIQUE`
    /// of each column declared so, and a `CREATE UNIQUE INDEX` on `newTable`
    /// for each, named after the column: the same constraint, made by a
    /// statement of its own. The tables an import publishes have them so,
    /// and the next import copies them as any other index.
    static func uniqueColumnsApart(
        _ sql: String, of table: String, on newTable: String, path: String, _ db: Database
    ) throws -> (sql: String, indexes: [String]) {
        var sql = sql
        var indexes: [String] = []
        for name in try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE origin = 'u'", arguments: [table]) {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [name])
            // One bare column name, its definition up to the next comma ending in UNIQUE.
            guard columns.count == 1, let column = columns.first, column.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  let match = sql.firstMatch(of: try Regex("(?i)([(,]\\s*\(column)\\s[^,()]*?)\\s+UNIQUE\\b"))
            else {
                throw StoreError(kind: .notAStore, path: path, reason: "has a unique key on \(table) this program cannot copy")
            }
            sql.replaceSubrange(match.range, with: String(match.output[1].substring ?? ""))
            indexes.append("CREATE UNIQUE INDEX \(quoted(table + "_by_" + column)) ON \(quoted(newTable))(\(quoted(column)))")
        }
        return (sql, indexes)
    }

    // MARK: - Writing

    /// Writes manifest rows into the staged deliveries: an id the store has
    /// keeps its position, and its saved status unless the manifest changed
    /// the status it imports; a new id is appended.
    mutating func write(_ rows: [ImportRow], _ db: Database) throws {
        let live = try BulkStatement("SELECT position, status, importedStatus FROM delivery WHERE id = ?", db)
        var lengths: [(position: Int, lengths: TextLengths)] = []
        lengths.reserveCapacity(rows.count)
        // The status each row keeps: nil for the manifest's.
        var statuses: [String?] = []
        statuses.reserveCapacity(rows.count)
        for row in rows {
            if idsAscend, let lastRow, !lastRow.idPrecedes(row) { idsAscend = false }
            lastRow = row
            let position: Int
            var status: String?
            // Into an empty store (the big first import) every id is new: no lookup.
            let known = before == 0 ? nil : try row.lookUp(in: live) { found in
                (position: found.int(at: 0), status: found.text(at: 1), imported: found.text(at: 2))
            }
            if let known {
                position = known.position
                // A status saved in the store survives, unless the manifest changed the one it imports.
                if known.imported == row.status.rawValue { status = known.status }
                updated += 1
            } else {
                added += 1
                position = before + added
            }
            positions.append(Int32(truncatingIfNeeded: position))
            statuses.append(status)
            lengths.append((position, row.lengths))
        }
        try insertStaged(rows, positions: lengths.map(\.position), statuses: statuses, db)
        try writeLengths(lengths, db)
        try buildIndexes(allStaged: false, db)
    }

    /// Inserts `rows` into the staged deliveries, `BulkStatement.rowsPerInsert`
    /// a statement; `statuses`: each row's status as `bindStaged` takes it.
    private func insertStaged(_ rows: [ImportRow], positions: [Int], statuses: [String?], _ db: Database) throws {
        let many = try BulkStatement(Self.insertManySQL, db)
        let one = try BulkStatement(Self.insertOneSQL, db)
        let perRow = ImportRow.stagedParameterCount
        // Each row's text stays bound where it lies until the statement has run: the rows are bound one inside the other.
        func bind(_ index: Int, upTo end: Int, _ insert: BulkStatement, from first: Int32) throws {
            guard index < end else { return try insert.run() }
            try rows[index].bindStaged(insert, from: first, position: positions[index], status: statuses[index]) {
                try bind(index + 1, upTo: end, insert, from: first + perRow)
            }
        }
        var start = 0
        while start < rows.count {
            let count = rows.count - start >= BulkStatement.rowsPerInsert ? BulkStatement.rowsPerInsert : 1
            try bind(start, upTo: start + count, count > 1 ? many : one, from: 0)
            start += count
        }
    }

    /// The staged insert of `BulkStatement.rowsPerInsert` rows, and of one,
    /// made once: a connection's statement cache is looked up by this text,
    /// and making it for each batch cost more than the lookup.
    private static let insertManySQL = insertSQL(rows: BulkStatement.rowsPerInsert)
    private static let insertOneSQL = insertSQL(rows: 1)

    private static func insertSQL(rows count: Int) -> String {
        let values = (0 ..< count).map { ImportRow.stagedValues(from: Int32($0) * ImportRow.stagedParameterCount) }
        return """
            \(BulkStatement.insertPrefix) \(staged("delivery"))(
                position, id, name, line1, line2, phone, text, status, importedStatus, items, instructions, window,
                searchFolded)
            VALUES \(values.joined(separator: ", "))
            """
    }

    /// Inserts the staged lengths, many rows a statement.
    private func writeLengths(_ lengths: [(position: Int, lengths: TextLengths)], _ db: Database) throws {
        try BulkStatement.insert(
            rows: lengths.count, into: Self.staged("delivery_length"), columns: ["position", "name", "address", "window"], db
        ) { index, statement, first in
            let row = lengths[index]
            statement.bind(row.position, at: first)
            statement.bind(row.lengths.name, at: first + 1)
            statement.bind(row.lengths.address, at: first + 2)
            statement.bind(row.lengths.window, at: first + 3)
        }
    }

    /// How many live rows the manifest did not mention, to copy over.
    var rowsToKeep: Int { before - updated }
    /// Rows in the store once published.
    var after: Int { before + added }

    /// Copies the live rows with positions in `range` that the manifest did
    /// not mention, and adds their words to `words`.
    mutating func keep(_ range: Range<Int>, _ db: Database, words: inout WordPositions) throws {
        let texts = try Row.fetchCursor(db, sql: """
            SELECT position, searchFolded FROM delivery AS live
            WHERE live.position > ? AND live.position <= ?
              AND NOT EXISTS (SELECT 1 FROM \(Self.staged("delivery")) AS new WHERE new.position = live.position)
            ORDER BY position
            """, arguments: [range.lowerBound, range.upperBound])
        while let row = try texts.next() {
            let position: Int64 = row[0]
            if let text: String = row[1] { words.add(position: Int32(truncatingIfNeeded: position), folded: text) }
        }
        for table in ["delivery", "delivery_length"] {
            try db.execute(sql: """
                INSERT INTO \(Self.staged(table)) SELECT * FROM \(table) AS live
                WHERE live.position > ? AND live.position <= ?
                  AND NOT EXISTS (SELECT 1 FROM \(Self.staged(table)) AS new WHERE new.position = live.position)
                """, arguments: [range.lowerBound, range.upperBound])
            if table == "delivery" { kept += db.changesCount }
        }
        try buildIndexes(allStaged: false, db)
    }

    /// Every word of the store once imported, in key order: those of the
    /// manifest's rows (`manifest`, gathered by manifest row number from 1 and
    /// sorted, now given the rows' positions) with those of the rows kept
    /// (`kept`, by position).
    func words(manifest: SortedWords, kept: WordPositions) -> SortedWords {
        // Into an empty store row number and position are one: nothing to map.
        guard before > 0 else { return manifest }
        return manifest.merged(positions: positions, kept: kept.sorted())
    }

    /// Writes `words[range]` into the staged word index.
    func index(_ words: SortedWords, _ range: Range<Int>, _ db: Database) throws {
        try SearchWordIndex.insert(words, range, into: Self.staged("search_word"), db)
    }

    /// Writes the words' trigram lists into the staged trigram index.
    func index(_ trigrams: WordTrigrams, _ db: Database) throws {
        try SearchWordIndex.insert(trigrams, into: Self.staged("search_trigram"), db)
    }

    /// Counts the staged deliveries per status (through the staged status index, `buildIndexes` first).
    func count(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO \(Self.staged("status_count"))(status, count)
            SELECT status, (SELECT count(*) FROM \(Self.staged("delivery")) AS d WHERE d.status = s.status) FROM status_count AS s
            """)
    }

    // MARK: - Publishing

    /// Swaps the staged tables in, in the caller's transaction: every reader
    /// sees the store before the import or after it, nothing between. Status
    /// changes made while the import ran are applied again on top of it,
    /// through the triggers, so the indexes and counts follow. Returns how
    /// many changes were carried over.
    @discardableResult
    func publish(_ db: Database) throws -> Int {
        guard try StoreDatabase.rowCount(db) == before else {
            // Only another import appends, and the import lock keeps it out.
            throw StoreError(kind: .inputOutput, path: path, reason: "changed under the import: another import added rows")
        }
        let changed = try Row.fetchAll(db, sql: "SELECT c.id AS id, d.status AS status FROM \(Self.changeLog) AS c JOIN delivery AS d ON d.id = c.id")
        let triggers = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'delivery'
            """)
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(Self.quoted(trigger["name"]))") }
        try db.execute(sql: "DROP TABLE \(Self.changeLog)")
        for table in Self.replaced { try db.execute(sql: "ALTER TABLE \(table) RENAME TO \(Self.retired(table))") }
        for table in Self.replaced { try db.execute(sql: "ALTER TABLE \(Self.staged(table)) RENAME TO \(table)") }
        for trigger in triggers where trigger["name"] != Self.changeTrigger {
            try db.execute(sql: trigger["sql"])
        }
        let update = try db.makeStatement(sql: "UPDATE delivery SET status = ? WHERE id = ?")
        for change in changed { try update.execute(arguments: [change["status"], change["id"]]) }
        return changed.count
    }

    // MARK: - Leftovers

    /// The tables a discard removes: a dead or failed import's staging, and
    /// the tables the last import replaced.
    private static var leftoverTables: [String] {
        replaced.map(staged) + [changeLog] + replaced.map(retired)
    }

    /// Whether the store holds staging or retired tables, or the change log's trigger.
    static func hasLeftovers(_ db: Database) throws -> Bool {
        try leftovers(db).isEmpty == false
    }

    private static func leftovers(_ db: Database) throws -> [(name: String, type: String, sql: String)] {
        let names = leftoverTables + [changeTrigger]
        let placeholders = names.map { _ in "?" }.joined(separator: ", ")
        return try Row.fetchAll(db, sql: "SELECT name, type, sql FROM sqlite_master WHERE name IN (\(placeholders))",
                                arguments: StatementArguments(names))
            .map { (name: $0["name"], type: $0["type"], sql: $0["sql"]) }
    }

    /// A table of up to this many rows (by its rowids' span) is dropped at
    /// once rather than emptied a slice at a time: dropping a million
    /// deliveries holds the write lock about as long as an import's index
    /// transactions (`indexHold`), while deleting them slice by slice costs
    /// a re-import several times that.
    static let dropsWholeUpTo = 1_000_000

    /// One bounded step of discarding the leftovers: drops the change log's
    /// trigger, or a leftover table small enough (`dropsWholeUpTo`), or an
    /// index of a bigger one, or deletes up to `rows` of its rows, or drops it
    /// once empty.
    /// Returns the rows deleted, or nil when nothing is left. Dropping a big
    /// table at once would hold the write lock for as long as it takes to
    /// free every page.
    static func discardStep(rows: Int, dropsWholeUpTo: Int = dropsWholeUpTo, _ db: Database) throws -> Int? {
        let found = try leftovers(db)
        if found.contains(where: { $0.type == "trigger" }) {
            try db.execute(sql: "DROP TRIGGER \(changeTrigger)")
            return 0
        }
        guard let table = leftoverTables.lazy.compactMap({ name in found.first { $0.name == name } }).first else { return nil }
        let hasRowids = !table.sql.uppercased().contains("WITHOUT ROWID")
        // Small enough: the table goes with its indexes in one step.
        if hasRowids, try Int.fetchOne(db, sql: """
            SELECT coalesce(max(rowid) - min(rowid) + 1, 0) FROM \(quoted(table.name))
            """) ?? 0 <= dropsWholeUpTo {
            try db.execute(sql: "DROP TABLE \(quoted(table.name))")
            return 0
        }
        if let index = try String.fetchOne(db, sql: "SELECT name FROM pragma_index_list(?) WHERE origin = 'c'", arguments: [table.name]) {
            try db.execute(sql: "DROP INDEX \(quoted(index))")
            return 0
        }
        if hasRowids {
            let rowsTable = quoted(table.name)
            try db.execute(sql: "DELETE FROM \(rowsTable) WHERE rowid IN (SELECT rowid FROM \(rowsTable) LIMIT ?)", arguments: [rows])
            let deleted = db.changesCount
            if deleted > 0 { return deleted }
        }
        try db.execute(sql: "DROP TABLE \(quoted(table.name))")
        return 0
    }

    /// Drops every leftover at once: for a failed import (`DeliveryStore.discardFailedImport`).
    static func dropLeftovers(_ db: Database) throws {
        let found = try leftovers(db)
        if found.contains(where: { $0.type == "trigger" }) { try db.execute(sql: "DROP TRIGGER \(changeTrigger)") }
        for table in found where table.type == "table" { try db.execute(sql: "DROP TABLE \(quoted(table.name))") }
    }

    // MARK: - Definitions

    /// The `CREATE TABLE` (or `CREATE VIRTUAL TABLE`) statement of `table` as
    /// the store has it (its columns, constraints and options, as migrations
    /// left them), for a table called `name`.
    static func definition(of table: String, named name: String, path: String, _ db: Database) throws -> String {
        // `CREATE TABLE name` or `CREATE VIRTUAL TABLE "name"` (a renamed table's name is quoted).
        let head = /^(?<head>\s*CREATE\s+(?:VIRTUAL\s+)?TABLE\s+)(?<name>"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|'[^']*'|[A-Za-z_][A-Za-z0-9_$]*)/
            .ignoresCase()
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
              let match = sql.firstMatch(of: head)
        else {
            throw StoreError(kind: .notAStore, path: path, reason: "has no table \(table) to import into")
        }
        guard unquoted(String(match.output.name)).lowercased() == table.lowercased() else {
            throw StoreError(kind: .notAStore, path: path, reason: "has a table \(table) this program cannot copy")
        }
        return String(match.output.head) + quoted(name) + sql[match.range.upperBound...]
    }

    /// `CREATE INDEX` statements making the indexes of `table` (those made with
    /// `CREATE INDEX`; its key and unique constraints come with its definition)
    /// on `newTable`. Index names are the store's, so each gets the name its
    /// counterpart does not have: `…_2` added or taken away.
    static func indexDefinitions(of table: String, on newTable: String, path: String, _ db: Database) throws -> [(sql: String, columns: [String])] {
        try Row.fetchAll(db, sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?)", arguments: [table])
            .filter { $0["origin"] == "c" }
            .map { index in
                let name: String = index["name"]
                let columns = try Row.fetchAll(db, sql: """
                    SELECT name, desc, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno
                    """, arguments: [name])
                guard index["partial"] == 0, columns.allSatisfy({ ($0["name"] as String?) != nil }) else {
                    throw StoreError(kind: .notAStore, path: path, reason: "has an index \(name) this program cannot copy")
                }
                let keys = columns.map { column in
                    let collation: String = column["coll"]
                    return quoted(column["name"]) + " COLLATE " + collation + (column["desc"] == 1 ? " DESC" : "")
                }
                let unique = index["unique"] == 1 ? "UNIQUE " : ""
                return ("CREATE \(unique)INDEX \(quoted(alternateName(name))) ON \(quoted(newTable))(\(keys.joined(separator: ", ")))",
                        columns.map { $0["name"] })
            }
    }

    static func alternateName(_ name: String) -> String {
        name.hasSuffix("_2") ? String(name.dropLast(2)) : name + "_2"
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func unquoted(_ name: String) -> String {
        guard let first = name.first, "\"`['".contains(first), name.count >= 2 else { return name }
        return String(name.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}
