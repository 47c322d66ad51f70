import Foundation
import Manifest
import Model
import PostgresNIO
import Store
import Synchronization

/// Imports a manifest into a PostgreSQL store with `COPY`, atomically.
///
/// In one transaction, two threads read the manifest (`ManifestParts`: one
/// checks all of it while the other already parses, folds and encodes rows
/// from the start, and then reads the rest itself) and the connection sends
/// what they have made, a chunk of each in turn. A manifest the check finds
/// bad rolls the transaction back, and its problem is what is reported.
///
/// - Into an empty store (a team's first load, the big one), the rows are
///   copied straight into `delivery` with its keys and indexes dropped, and
///   those are built once afterwards, from sorted rows, which is far cheaper
///   than keeping them up row by row; the reading threads gather the word
///   index (`SearchWords`) on the way, their parts' joined and copied in after the rows.
/// - Into a store that holds rows, they are copied into a temporary table;
///   known ids are updated in place (a status saved in the store survives
///   unless the manifest itself changes it, as in SQLite), new ids are
///   appended in manifest order; rows the manifest leaves as they are are
///   not written, and when some were, the word index is made again from the
///   store's texts.
///
/// A `NOTIFY` tells every browser. Any failure rolls it all back, the
/// dropped indexes included.
struct PostgresImport {
    let store: PostgresDeliveryStore
    let reader: ManifestReader
    let progress: (@Sendable (ImportProgress) -> Void)?

    /// Rows above which an import into a store that holds rows builds the sort indexes again rather than keep them up.
    static let rebuildsIndexesAbove = 4096
    /// Memory for building an index from sorted rows (the server's default, 64 MB, spills a million rows to disk).
    static let indexBuildMemory = "512MB"
    /// Bytes of COPY data per message sent.
    static let chunkBytes = 1 << 20

    func run(_ url: URL) throws -> ImportSummary {
        let data = try ManifestReader.contents(of: url)
        let file = ManifestReader.displayName(of: url)
        let fingerprint = ManifestFingerprint(url: url)
        let reading = Mutex<ManifestParts?>(nil)
        let summary: ImportSummary
        do {
            summary = try importRows(fingerprint: fingerprint) { gathersWords in
                let parts = ManifestParts(data: data, file: file, reader: reader, gathersWords: gathersWords, progress: progress)
                reading.withLock { $0 = parts }
                return parts
            }
        } catch {
            guard let parts = reading.withLock({ $0 }) else { throw error }
            // The manifest's problem, as the check found it, is what the person needs to see, not the link's wrapping of it.
            _ = try parts.total()
            throw error
        }
        progress?(ImportProgress(phase: .finishing, done: 1, total: 1))
        return summary
    }

    /// Sends the rows `read` reads (`gathersWords` into an empty store) in one transaction, as described above.
    private func importRows(
        fingerprint: ManifestFingerprint?, read: (_ gathersWords: Bool) -> ManifestParts
    ) throws -> ImportSummary {
        let link = store.link
        let progress = progress
        return try link.transaction { connection in
            // One import at a time, and no status change lands between its read and its write.
            _ = try link.rows("LOCK TABLE delivery IN SHARE ROW EXCLUSIVE MODE", on: connection)
            let before = try Self.maxPosition(link, connection)
            let copy: (table: String, columns: [String])
            if before == 0 {
                // An empty store: straight into the table, its keys and indexes built afterwards.
                for key in PostgresSchema.deliveryKeys.reversed() {
                    _ = try link.rows(PostgresQuery(unsafeSQL: key.drop), on: connection)
                }
                copy = ("delivery", CopyRow.columns(first: "position"))
            } else {
                _ = try link.rows("""
                    CREATE TEMP TABLE import_delivery (
                        seq integer, id text, name text, line1 text, line2 text, phone text, text_number text,
                        status text, items text, instructions text, delivery_window text,
                        name_length integer, address_length integer, window_length integer, search_text text,
                        imported_status text
                    ) ON COMMIT DROP
                    """, on: connection)
                copy = ("import_delivery", CopyRow.columns(first: "seq"))
            }

            // Into an empty store the reading threads also gather the word index,
            // each its part's, handed over once the part is read.
            let parts = read(before == 0)
            parts.start()
            defer { parts.cancel() }
            let logger = link.quietLogger
            try link.waitFor {
                try await connection.copyFrom(table: copy.table, columns: copy.columns, logger: logger) { writer in
                    // A chunk from each part in turn: while both are read, they are read at about the same pace.
                    var reading = [parts.first.chunks, parts.rest.chunks]
                    while !reading.isEmpty {
                        var still: [BoundedQueue<ByteBuffer>] = []
                        for chunks in reading {
                            guard let chunk = try chunks.take() else { continue }
                            try await writer.write(chunk)
                            still.append(chunks)
                        }
                        reading = still
                    }
                }
            }
            // Both parts are read: the check is done, and found the manifest good.
            let total = try parts.total()
            progress?(ImportProgress(phase: .writing, done: total, total: total))
            progress?(ImportProgress(phase: .finishing, done: 0, total: 1))

            _ = try link.rows(PostgresQuery(unsafeSQL: "SET LOCAL maintenance_work_mem = '\(Self.indexBuildMemory)'"), on: connection)
            if before == 0 {
                // While the server builds the keys and indexes, a thread joins the parts' words and encodes them.
                let wordChunks = BoundedQueue<[ByteBuffer]>(capacity: 1)
                Thread {
                    do {
                        var words = try parts.first.words.take() ?? SearchWords()
                        words.append(try parts.rest.words.take() ?? SearchWords())
                        _ = wordChunks.put(words.copyChunks(chunkBytes: Self.chunkBytes))
                        wordChunks.finish(error: nil)
                    } catch {
                        wordChunks.finish(error: error)
                    }
                }.start()
                defer { wordChunks.cancel() }
                for key in PostgresSchema.deliveryKeys {
                    _ = try link.rows(PostgresQuery(unsafeSQL: key.build), on: connection)
                }
                try SearchWords.replaceTable(with: wordChunks.take() ?? [], link, connection)
            } else {
                // Changed texts drop words and add others: the index is made again from the store's texts.
                if try merge(link, connection, after: before, rows: total) > 0 {
                    try SearchWords.reading(link, connection).replaceTable(link, connection)
                }
            }
            // The planner's figures for the new rows, committed with them.
            _ = try link.rows("ANALYZE delivery", on: connection)
            _ = try link.rows("ANALYZE search_word", on: connection)
            if let fingerprint {
                _ = try link.rows("""
                    INSERT INTO imported_manifest(path, size, modified) VALUES
                        (\(fingerprint.path), \(Int64(fingerprint.size)), \(fingerprint.modified))
                    ON CONFLICT (path) DO UPDATE SET size = excluded.size, modified = excluded.modified, imported_at = now()
                    """, on: connection)
            }
            _ = try link.rows("SELECT pg_notify(\(PostgresSchema.notificationChannel), 'import')", on: connection)
            let after = try Self.maxPosition(link, connection)
            return ImportSummary(deliveries: total, added: after - before, storeCount: after)
        }
    }

    /// Updates known ids in place from the temporary table (only rows the
    /// manifest changes) and appends new ones in manifest order; the rows
    /// written. Many rows written at once are indexed for the sort orders
    /// afterwards, as into an empty store, rather than row by row.
    private func merge(_ link: PostgresLink, _ connection: PostgresConnection, after before: Int, rows total: Int) throws -> Int {
        let rebuildsSortIndexes = total > Self.rebuildsIndexesAbove
        if rebuildsSortIndexes {
            for index in PostgresSchema.sortIndexes { _ = try link.rows(PostgresQuery(unsafeSQL: index.drop), on: connection) }
        }
        let updated = try link.rows("""
            WITH updated AS (
                UPDATE delivery d SET
                    name = i.name, line1 = i.line1, line2 = i.line2, phone = i.phone, text_number = i.text_number,
                    status = CASE WHEN d.imported_status = i.status THEN d.status ELSE i.status END,
                    imported_status = i.status, items = i.items, instructions = i.instructions,
                    delivery_window = i.delivery_window, name_length = i.name_length,
                    address_length = i.address_length, window_length = i.window_length, search_text = i.search_text
                FROM import_delivery i WHERE d.id = i.id
                    AND (d.name, d.line1, d.line2, d.phone, d.text_number, d.imported_status, d.items, d.instructions, d.delivery_window)
                        IS DISTINCT FROM
                        (i.name, i.line1, i.line2, i.phone, i.text_number, i.status, i.items, i.instructions, i.delivery_window)
                RETURNING 1)
            SELECT count(*) FROM updated
            """, on: connection).first?.decode(Int64.self) ?? 0
        _ = try link.rows("""
            INSERT INTO delivery (
                position, id, name, line1, line2, phone, text_number, status, imported_status, items,
                instructions, delivery_window, name_length, address_length, window_length, search_text)
            SELECT \(before) + row_number() OVER (ORDER BY i.seq), i.id, i.name, i.line1, i.line2, i.phone,
                i.text_number, i.status, i.status, i.items, i.instructions, i.delivery_window,
                i.name_length, i.address_length, i.window_length, i.search_text
            FROM import_delivery i
            WHERE NOT EXISTS (SELECT 1 FROM delivery d WHERE d.id = i.id)
            """, on: connection)
        if rebuildsSortIndexes {
            for index in PostgresSchema.sortIndexes { _ = try link.rows(PostgresQuery(unsafeSQL: index.build), on: connection) }
        }
        return Int(updated) + (try Self.maxPosition(link, connection)) - before
    }

    private static func maxPosition(_ link: PostgresLink, _ connection: PostgresConnection) throws -> Int {
        let rows = try link.rows("SELECT coalesce(max(position), 0) FROM delivery", on: connection)
        return Int(try rows.first?.decode(Int32.self) ?? 0)
    }
}
