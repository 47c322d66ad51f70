import Foundation
import Manifest
import Model
import PostgresNIO
import Store
import Synchronization

/// Imports a manifest into a PostgreSQL store with `COPY`, atomically.
///
/// In one transaction, two threads read the manifest (`ManifestParts`: one
/// from the start, one from a cut near the middle, each checking, folding
/// and encoding rows) and the connection sends what they have made as it
/// comes. A bad manifest (a part's problem, or an id the store's unique key
/// finds twice) rolls the transaction back, and its first problem is what is
/// reported.
///
/// - Into an empty store (a team's first load, the big one), the rows are
///   copied straight into `delivery` with its keys and indexes dropped, and
///   those are built once afterwards, from sorted rows, which is far cheaper
///   than keeping them up row by row; the reading threads gather the word
///   index (`SearchWords`) and the text orders' keys (`TextOrderBuilder`) on
///   the way, and their parts' words, joined, go into tables a second
///   connection makes while the keys are built (`StagedWords`), which this
///   transaction then puts in place, with the text orders.
/// - Into a store that holds rows, they are copied into a temporary table;
///   known ids are updated in place (a status saved in the store survives
///   unless the manifest itself changes it, as in SQLite), new ids are
///   appended in manifest order; rows the manifest leaves as they are are
///   not written, and when some were, the word index is made again from the
///   store's texts, and the text orders sorted again when a name or a window
///   changed or rows were added.
///
/// A `NOTIFY` tells every browser. Any failure rolls it all back, the
/// dropped indexes included.
struct PostgresImport {
    let store: PostgresDeliveryStore
    /// The caller's reader, refusing NUL whatever it was given: the server would refuse it half way.
    let reader: ManifestReader
    let progress: (@Sendable (ImportProgress) -> Void)?

    init(store: PostgresDeliveryStore, reader: ManifestReader, progress: (@Sendable (ImportProgress) -> Void)?) {
        self.store = store
        var reader = reader
        reader.refusesNUL = true
        self.reader = reader
        self.progress = progress
    }

    /// Rows above which an import into a store that holds rows makes the word index again rather than keep it up word by word.
    static let remakesWordIndexAbove = 4096
    /// Memory for building an index from sorted rows (the server's default, 64 MB, spills a million rows to disk).
    static let indexBuildMemory = "512MB"
    /// Bytes of COPY data per message sent.
    static let chunkBytes = 1 << 20

    func run(_ url: URL) throws -> ImportSummary {
        let manifest = try ManifestFile(url)
        let file = ManifestReader.displayName(of: url)
        let fingerprint = ManifestFingerprint(url: url)
        let reading = Mutex<ManifestParts?>(nil)
        let summary: ImportSummary
        do {
            summary = try importRows(fingerprint: fingerprint) { gathersIndexes in
                let parts = ManifestParts(manifest: manifest, file: file, reader: reader, gathersIndexes: gathersIndexes, progress: progress)
                reading.withLock { $0 = parts }
                return parts
            }
        } catch {
            // The manifest's problem is what the person needs to see, not the link's wrapping of it.
            if let problem = reading.withLock({ $0 })?.problem() { throw problem }
            throw error
        }
        // A sorted list's steps and counts read its index alone only over
        // pages known all-visible. Into an empty store the rows went in frozen
        // on pages marked so as they were written (`BinaryCopy`'s `freeze`).
        // After a merge, the pages it changed are not until a vacuum
        // (autovacuum's comes a minute or so later): one now, outside the
        // transaction, which looks only at those pages (a step of a sorted
        // list 1 ms rather than 30, where a row is in it 50 ms rather than
        // 700). The rows are in whatever it does. The old versions of the rows
        // changed died, and a page keeping their line pointers is not
        // all-visible: with the indexes left as they were, a re-import of 10^6
        // left a quarter of the pages all-visible and no dead rows for
        // autovacuum to come for, and `s` took 0.9-2.3 s rather than 0.4-0.7
        // (the cleaning: 1.5 s). The server cleans them when enough pages hold
        // such pointers.
        if summary.storeCount > summary.added {
            _ = try? store.link.rows("VACUUM (INDEX_CLEANUP AUTO, PROCESS_TOAST OFF) delivery")
        }
        progress?(ImportProgress(phase: .finishing, done: 1, total: 1))
        return summary
    }

    /// Sends the rows `read` reads (`gathersIndexes` into an empty store) in one transaction, as described above.
    private func importRows(
        fingerprint: ManifestFingerprint?, read: (_ gathersIndexes: Bool) -> ManifestParts
    ) throws -> ImportSummary {
        let link = store.link
        let progress = progress
        let staged = Mutex<StagedWords?>(nil)
        var committed = false
        // After the transaction has ended, so that dropping a staged table waits for no lock of its.
        defer { staged.withLock { $0 }?.finish(committed: committed) }
        let summary = try link.transaction { connection in
            // One import at a time, and no status change lands between its read and its write.
            _ = try link.rows("LOCK TABLE delivery IN SHARE ROW EXCLUSIVE MODE", on: connection)
            let before = try Self.maxPosition(link, connection)
            let copy: (table: String, columns: [String], freeze: Bool)
            if before == 0 {
                // An empty store: straight into the table, its keys and indexes built afterwards.
                for key in PostgresSchema.deliveryKeys.reversed() {
                    _ = try link.rows(PostgresQuery(unsafeSQL: key.drop), on: connection)
                }
                // Emptied in this transaction, so that the rows can go in frozen (`BinaryCopy`'s `freeze`).
                _ = try link.rows("TRUNCATE delivery", on: connection)
                copy = ("delivery", CopyRow.columns(first: "position"), true)
            } else {
                _ = try link.rows("""
                    CREATE TEMP TABLE import_delivery (
                        seq integer, id text COLLATE "C", name text, line1 text, line2 text, phone text, text_number text,
                        status text, items text, instructions text, delivery_window text,
                        name_length integer, address_length integer, window_length integer, search_text text,
                        imported_status text
                    ) ON COMMIT DROP
                    """, on: connection)
                copy = ("import_delivery", CopyRow.columns(first: "seq"), false)
                // The rows the merge writes: new ones, and known ones the manifest changes.
                _ = try link.rows("""
                    CREATE TEMP TABLE import_change ON COMMIT DROP AS
                    SELECT *, NULL::integer AS old_position, NULL::text AS old_search_text FROM import_delivery WITH NO DATA
                    """, on: connection)
            }

            // Into an empty store the reading threads also gather the word index
            // and the text orders' keys, each its part's, handed over once the part is read.
            let parts = read(before == 0)
            parts.start()
            defer { parts.cancel() }
            let logger = link.quietLogger
            try link.waitFor {
                try await connection.copyBinary(into: copy.table, columns: copy.columns, freeze: copy.freeze, logger: logger) { writer in
                    while let chunk = try parts.chunks.take() { try await writer.write(chunk) }
                }
            }
            // Both parts are read, and found good.
            let total = parts.total()
            progress?(ImportProgress(phase: .finishing, done: 0, total: 1))

            _ = try link.rows(PostgresQuery(unsafeSQL: "SET LOCAL maintenance_work_mem = '\(Self.indexBuildMemory)'"), on: connection)
            if before == 0 {
                // While the server builds the keys and indexes, a thread joins the parts' words and encodes them.
                let wordChunks = BoundedQueue<WordTableChunk>(capacity: SearchWords.queuedChunks)
                Thread {
                    do {
                        var words = try parts.firstWords.take() ?? SearchWords()
                        words.append(try parts.restWords.take() ?? SearchWords())
                        words.send(chunkBytes: Self.chunkBytes, to: wordChunks)
                    } catch {
                        wordChunks.finish(error: error)
                    }
                }.start()
                defer { wordChunks.cancel() }
                // And another works the text orders out from the parts' keys.
                let textOrders = BoundedQueue<[DeliveryOrder: [Int32]]>(capacity: 1)
                Thread {
                    do {
                        var orders = try parts.firstOrders.take() ?? TextOrderBuilder()
                        orders.append(try parts.restOrders.take() ?? TextOrderBuilder())
                        _ = textOrders.put(Dictionary(uniqueKeysWithValues: PostgresSchema.textOrders.map { ($0, orders.positions($0)) }))
                        textOrders.finish(error: nil)
                    } catch {
                        textOrders.finish(error: error)
                    }
                }.start()
                defer { textOrders.cancel() }
                // Meanwhile a second connection makes the word table, which this transaction then swaps in.
                let words = StagedWords(location: link.location, words: wordChunks, indexBuildMemory: Self.indexBuildMemory)
                staged.withLock { $0 = words }
                try Self.findingRepeatedIDs(parts) {
                    for key in PostgresSchema.deliveryKeys {
                        _ = try link.rows(PostgresQuery(unsafeSQL: key.build), on: connection)
                    }
                }
                // The planner's figures for the new rows, committed with them.
                try PostgresSchema.analyzeDeliveries(link, connection)
                try words.swapIn(link, connection)
                try PostgresSchema.keepTextOrders(try textOrders.take() ?? [:], link, connection)
            } else {
                // An id twice in the manifest: the store's key would not catch one it already has.
                try Self.findingRepeatedIDs(parts) {
                    _ = try link.rows("CREATE UNIQUE INDEX ON import_delivery (id)", on: connection)
                }
                try merge(link, connection, after: before) { words in staged.withLock { $0 = words } }
                try PostgresSchema.analyzeDeliveries(link, connection, alsoTables: ["search_word", "search_trigram"])
            }
            if let fingerprint {
                _ = try link.rows("""
                    INSERT INTO imported_manifest(path, size, modified) VALUES
                        (\(fingerprint.path), \(Int64(fingerprint.size)), \(fingerprint.modified))
                    ON CONFLICT (path) DO UPDATE SET size = excluded.size, modified = excluded.modified, imported_at = now()
                    """, on: connection)
            }
            _ = try link.rows("SELECT pg_notify(\(PostgresSchema.notificationChannel), \(PostgresSchema.importAnnouncement))", on: connection)
            let after = try Self.maxPosition(link, connection)
            return ImportSummary(deliveries: total, added: after - before, storeCount: after)
        }
        committed = true
        return summary
    }

    /// Updates known ids in place from the temporary table (only rows the
    /// manifest changes) and appends new ones in manifest order. The rows to
    /// write are found first, in one join: when they are many, the word
    /// index is made again from the store's texts, as into an empty store,
    /// rather than word by word (`SearchWords.update`) as when they are few;
    /// its tables are made beside the transaction (`StagedWords`, handed to
    /// `stage` to be finished with it) and swapped in at its end, since
    /// emptying the live ones held every browser's searches back until the
    /// commit (1.5-2 s at 10^6).
    /// The keys and sort indexes are kept up row by row, many or few:
    /// dropping and building them again held an exclusive lock on the rows
    /// to the end of the import, and every browser's next page read waited
    /// for it (10^6 rows changed: the screens stood still for 14 s), for no
    /// gain (the import took 24.0-26.4 s that way, 22.2-24.3 s this).
    private func merge(
        _ link: PostgresLink, _ connection: PostgresConnection, after before: Int, stage: (StagedWords) -> Void
    ) throws {
        // New rows (no position) and changed ones, with the text their words came from.
        let changes = try link.rows("""
            WITH written AS (
                INSERT INTO import_change
                SELECT i.*, d.position, d.search_text FROM import_delivery i LEFT JOIN delivery d ON d.id = i.id
                WHERE d.id IS NULL
                    OR (d.name, d.line1, d.line2, d.phone, d.text_number, d.imported_status, d.items, d.instructions, d.delivery_window)
                        IS DISTINCT FROM
                        (i.name, i.line1, i.line2, i.phone, i.text_number, i.status, i.items, i.instructions, i.delivery_window)
                RETURNING 1)
            SELECT count(*) FROM written
            """, on: connection).first?.decode(Int64.self) ?? 0
        guard changes > 0 else { return }
        let many = changes > Self.remakesWordIndexAbove
        // Whether the text orders change: rows added, or a name or window changed (not only a status or a phone).
        let reorders = try link.rows("""
            SELECT EXISTS (SELECT 1 FROM import_change c LEFT JOIN delivery d ON d.position = c.old_position
                           WHERE d.position IS NULL OR d.name IS DISTINCT FROM c.name OR d.delivery_window IS DISTINCT FROM c.delivery_window)
            """, on: connection).first?.decode(Bool.self) ?? true
        _ = try link.rows("""
            UPDATE delivery d SET
                name = c.name, line1 = c.line1, line2 = c.line2, phone = c.phone, text_number = c.text_number,
                status = CASE WHEN d.imported_status = c.status THEN d.status ELSE c.status END,
                imported_status = c.status, items = c.items, instructions = c.instructions,
                delivery_window = c.delivery_window, name_length = c.name_length,
                address_length = c.address_length, window_length = c.window_length, search_text = c.search_text
            FROM import_change c WHERE c.old_position IS NOT NULL AND d.position = c.old_position
            """, on: connection)
        _ = try link.rows("""
            INSERT INTO delivery (
                position, id, name, line1, line2, phone, text_number, status, imported_status, items,
                instructions, delivery_window, name_length, address_length, window_length, search_text)
            SELECT \(before) + row_number() OVER (ORDER BY c.seq), c.id, c.name, c.line1, c.line2, c.phone,
                c.text_number, c.status, c.status, c.items, c.instructions, c.delivery_window,
                c.name_length, c.address_length, c.window_length, c.search_text
            FROM import_change c WHERE c.old_position IS NULL
            """, on: connection)
        if reorders { try PostgresSchema.sortTextOrders(link, connection) }
        if many {
            let words = try SearchWords.reading(link, connection)
            let chunks = BoundedQueue<WordTableChunk>(capacity: SearchWords.queuedChunks)
            Thread { words.send(chunkBytes: Self.chunkBytes, to: chunks) }.start()
            defer { chunks.cancel() }
            let staged = StagedWords(location: link.location, words: chunks, indexBuildMemory: Self.indexBuildMemory)
            stage(staged)
            try staged.swapIn(link, connection)
            return
        }
        var changed: [(position: Int32, old: String?, new: String)] = []
        for row in try link.rows("""
            SELECT d.position, c.old_search_text, c.search_text FROM import_change c JOIN delivery d ON d.id = c.id
            """, on: connection) {
            let (position, old, new) = try row.decode((Int32, String?, String).self)
            changed.append((position, old, new))
        }
        try SearchWords.update(link, connection, changed: changed)
    }

    /// Runs `body`, telling `parts` when the server found a unique key
    /// repeated: rows from one manifest with the same id.
    private static func findingRepeatedIDs(_ parts: ManifestParts, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            parts.noteRepeatedID()
            throw error
        }
    }

    private static func maxPosition(_ link: PostgresLink, _ connection: PostgresConnection) throws -> Int {
        let rows = try link.rows("SELECT coalesce(max(position), 0) FROM delivery", on: connection)
        return Int(try rows.first?.decode(Int32.self) ?? 0)
    }
}
