import Foundation
import Manifest
import Model
import PostgresNIO
import Store

/// Imports a manifest into a PostgreSQL store with `COPY`, atomically.
///
/// The whole manifest is checked first (nothing is sent when it is bad). Then,
/// in one transaction, while a reading thread parses and encodes and the
/// connection sends what it has made:
///
/// - Into an empty store (a team's first load, the big one), the rows are
///   copied straight into `delivery` with its keys and indexes dropped, and
///   those are built once afterwards, from sorted rows, which is far cheaper
///   than keeping them up row by row; the reading thread gathers the word
///   index (`SearchWords`) on the way, copied in after the rows.
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
        // Each pass over the file hands its pages back as it goes (`ManifestFile`).
        let mapped = try ManifestFile(url)
        let data = mapped.data
        let file = ManifestReader.displayName(of: url)
        let progress = progress
        progress?(ImportProgress(phase: .checking, done: 0, total: data.count))
        let total = try reader.validate(data, file: file) { bytes in
            mapped.release(before: bytes)
            progress?(ImportProgress(phase: .checking, done: bytes, total: data.count))
        }
        mapped.releaseAll()
        progress?(ImportProgress(phase: .checking, done: data.count, total: data.count))
        let fingerprint = ManifestFingerprint(url: url)
        // A reading thread parses and encodes; the COPY sends what it has made.
        let chunks = BoundedQueue<ByteBuffer>(capacity: 8)
        let summary: ImportSummary
        do {
            summary = try importRows(mapped, file: file, total: total, fingerprint: fingerprint, chunks: chunks)
        } catch {
            // The reading thread's own error (a ManifestError) is what the person needs to see, not the link's wrapping of it.
            if let readingError = chunks.producerError, !(readingError is CancellationError) { throw readingError }
            throw error
        }
        progress?(ImportProgress(phase: .finishing, done: 1, total: 1))
        return summary
    }

    private func importRows(
        _ mapped: ManifestFile, file: String, total: Int, fingerprint: ManifestFingerprint?, chunks: BoundedQueue<ByteBuffer>
    ) throws(StoreError) -> ImportSummary {
        let link = store.link
        let reader = reader
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

            // Into an empty store the reading thread also gathers the word index,
            // handed over once the rows are read.
            let gathersWords = before == 0
            let gathered = BoundedQueue<SearchWords>(capacity: 1)
            Thread {
                var buffer = ByteBuffer()
                buffer.reserveCapacity(Self.chunkBytes + 4096)
                var sequence: Int32 = 0
                var written = 0
                var words = SearchWords(expecting: gathersWords ? total : 0)
                do {
                    try reader.forEachDelivery(
                        in: mapped.data, file: file, checkingDuplicateIDs: false, progress: mapped.release(before:)
                    ) { _, delivery in
                        sequence += 1
                        let searchText = CopyRow.searchText(of: delivery)
                        CopyRow.append(delivery, sequence: sequence, searchText: searchText, to: &buffer)
                        if gathersWords { words.add(position: sequence, folded: searchText) }
                        if buffer.readableBytes >= Self.chunkBytes {
                            written = Int(sequence)
                            guard chunks.put(buffer) else { throw CancellationError() }
                            progress?(ImportProgress(phase: .writing, done: written, total: total))
                            buffer.clear()
                        }
                    }
                    if buffer.readableBytes > 0 { _ = chunks.put(buffer) }
                    mapped.releaseAll()
                    if gathersWords { _ = gathered.put(words) }
                    gathered.finish(error: nil)
                    chunks.finish(error: nil)
                } catch {
                    gathered.finish(error: error)
                    chunks.finish(error: error)
                }
            }.start()
            defer { chunks.cancel() }
            let logger = link.quietLogger
            try link.waitFor {
                try await connection.copyFrom(table: copy.table, columns: copy.columns, logger: logger) { writer in
                    while let chunk = try chunks.take() { try await writer.write(chunk) }
                }
            }
            progress?(ImportProgress(phase: .writing, done: total, total: total))
            progress?(ImportProgress(phase: .finishing, done: 0, total: 1))

            _ = try link.rows(PostgresQuery(unsafeSQL: "SET LOCAL maintenance_work_mem = '\(Self.indexBuildMemory)'"), on: connection)
            if before == 0 {
                for key in PostgresSchema.deliveryKeys {
                    _ = try link.rows(PostgresQuery(unsafeSQL: key.build), on: connection)
                }
                try (gathered.take() ?? SearchWords()).replaceTable(link, connection)
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
