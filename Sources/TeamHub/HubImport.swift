import ContentDigest
import Foundation
import Manifest
import Model

/// Imports a manifest into the hub in one transaction, by binary COPY
/// through libpq (`HubManifestParts` reads it on two threads meanwhile).
///
/// "Unchanged" is decided by content: a manifest whose SHA-256 is that of
/// the hub's last import is not imported again (a `touch` changes nothing;
/// an older manifest's bytes are not the last import's, so it is imported).
///
/// - Into an empty hub (a team's first load, the big one) the rows are
///   copied straight into `delivery`, emptied in the same transaction so
///   they go in frozen, with its keys dropped and built once afterwards from
///   sorted rows.
/// - Into a hub that holds rows, they are copied into a temporary table and
///   only the rows the manifest really changes are written: new ids
///   appended in manifest order, known ones updated in place (a status
///   changed on the hub since survives unless the manifest itself changes
///   it; a status the import changes is logged, by the importing role, as
///   client `import`). The summary counts what changed.
///
/// Every written row takes the next feed position (the `hub` row's lock is
/// held throughout, so a status change submitted meanwhile waits and is
/// numbered after), and a NOTIFY tells every listener. Any failure rolls it
/// all back; a bad manifest is reported by its first problem.
extension HubConnection {
    @discardableResult
    public func importManifest(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> HubImportSummary {
        let manifest = try ManifestFile(url)
        let file = ManifestReader.displayName(of: url)
        // Before the transaction: a large file takes a while to hash, and nothing need wait for it.
        let hash = ContentHash.sha256(manifest.data, progress: manifest.release(before:))
        // PostgreSQL's text cannot hold NUL: the manifest's problem, at its line and column, rather than the server's half way.
        var reader = reader
        reader.refusesNUL = true
        var parts: HubManifestParts?
        try execute("BEGIN")
        do {
            let summary = try importRows(manifest, file: file, hash: hash, reader: reader, progress: progress) { parts = $0 }
            try execute(summary.performed ? "COMMIT" : "ROLLBACK")
            return summary
        } catch {
            if isOpen { _ = try? execute("ROLLBACK") }
            // The manifest's problem is what the person needs to see, not what it made the server or a part say.
            if let problem = parts?.problem() { throw problem }
            throw error
        }
    }

    /// The import's work inside its transaction; `reading` is given the parts once they read.
    private func importRows(
        _ manifest: ManifestFile, file: String, hash: String, reader: ManifestReader,
        progress: (@Sendable (ImportProgress) -> Void)?, reading: (HubManifestParts) -> Void
    ) throws -> HubImportSummary {
        // One import at a time; status changes wait for it (and are numbered after it).
        try execute("LOCK TABLE delivery IN SHARE ROW EXCLUSIVE MODE")
        let hub = try execute("SELECT feed, deliveries FROM hub FOR UPDATE")
        let last = try execute("SELECT content_hash FROM manifest_import ORDER BY sequence DESC LIMIT 1")
        let before = hub.text(0, 1).flatMap { Int($0) } ?? 0
        if last.rows == 1, last.text(0, 0) == hash {
            return HubImportSummary(deliveries: 0, added: 0, changed: 0, hubCount: before, performed: false)
        }
        let base = hub.text(0, 0).flatMap { Int64($0) } ?? 0
        let parts = HubManifestParts(manifest: manifest, file: file, reader: reader, revisionBase: base, progress: progress)
        reading(parts)
        let table: String
        if before == 0 {
            for key in Self.deliveryKeys.reversed() { try execute(key.drop) }
            // Emptied in this transaction, so that the rows can go in frozen.
            try execute("TRUNCATE delivery")
            table = "delivery"
        } else {
            try execute("""
                CREATE TEMP TABLE import_delivery (
                    position integer, id text COLLATE "C", name text, line1 text, line2 text, phone text, text_number text,
                    status text, imported_status text, items text, instructions text, delivery_window text, revision bigint
                ) ON COMMIT DROP
                """)
            table = "import_delivery"
        }
        parts.start()
        // Its threads end before the import returns, whether it succeeds or fails.
        defer { parts.cancel() }
        try copyIn("COPY \(table) (\(HubImportRow.columns)) FROM STDIN (FORMAT binary\(before == 0 ? ", FREEZE" : ""))") {
            try parts.chunks.take()
        }
        let total = parts.total()
        progress?(ImportProgress(phase: .finishing, done: 0, total: 1))
        try execute("SET LOCAL maintenance_work_mem = '512MB'")
        let (added, changed) = try findingRepeatedIDs(parts) { () throws(HubError) in
            if before == 0 {
                for key in Self.deliveryKeys { try execute(key.build) }
                // The planner's figures for the new rows, from a small sample: the hub's queries go by
                // unique keys and ranges of them, which 3,000 rows describe as well as the default 30,000.
                try execute("SET LOCAL default_statistics_target = 10")
                try execute("ANALYZE delivery")
                return (total, 0)
            }
            try execute("CREATE UNIQUE INDEX ON import_delivery (id)")
            return try merge()
        }
        try execute("UPDATE hub SET feed = feed + $1, deliveries = deliveries + $2", [String(added + changed), String(added)])
        try execute("INSERT INTO manifest_import (content_hash, file, deliveries, added, changed) VALUES ($1, $2, $3, $4, $5)",
                    [hash, file, String(total), String(added), String(changed)])
        try execute("SELECT pg_notify('\(HubSchema.channel)', 'import')")
        return HubImportSummary(deliveries: total, added: added, changed: changed, hubCount: before + added, performed: true)
    }

    /// Writes what the manifest in `import_delivery` really changes: known
    /// ids whose content differs, updated in place; new ids, appended in
    /// manifest order. Each takes the next feed position. Returns how many were added and changed.
    private func merge() throws(HubError) -> (added: Int, changed: Int) {
        try execute("""
            CREATE TEMP TABLE import_change ON COMMIT DROP AS
            SELECT i.*, d.position AS old_position, d.status AS old_status, d.imported_status AS old_imported,
                   (SELECT feed FROM hub) + row_number() OVER (ORDER BY i.position) AS new_revision
            FROM import_delivery i LEFT JOIN delivery d ON d.id = i.id
            WHERE d.id IS NULL
                OR (d.name, d.line1, d.line2, d.phone, d.text_number, d.imported_status, d.items, d.instructions, d.delivery_window)
                    IS DISTINCT FROM
                    (i.name, i.line1, i.line2, i.phone, i.text_number, i.status, i.items, i.instructions, i.delivery_window)
            """)
        let counts = try execute("SELECT count(*) FILTER (WHERE old_position IS NULL), count(*) FILTER (WHERE old_position IS NOT NULL) FROM import_change")
        let added = counts.text(0, 0).flatMap { Int($0) } ?? 0
        let changed = counts.text(0, 1).flatMap { Int($0) } ?? 0
        guard added + changed > 0 else { return (0, 0) }
        // A status the manifest changes (from what it said before) replaces the hub's, and is logged.
        try execute("""
            INSERT INTO status_change (change_id, delivery_id, old_status, new_status, client, role, made_at, outcome, revision)
            SELECT gen_random_uuid(), c.id, c.old_status, c.status, 'import', session_user, now(), 'applied', c.new_revision
            FROM import_change c WHERE c.old_position IS NOT NULL AND c.old_imported <> c.status AND c.old_status <> c.status
            ORDER BY c.new_revision
            """)
        try execute("""
            UPDATE delivery d SET
                name = c.name, line1 = c.line1, line2 = c.line2, phone = c.phone, text_number = c.text_number,
                status = CASE WHEN d.imported_status = c.status THEN d.status ELSE c.status END,
                changed_by = CASE WHEN d.imported_status <> c.status AND d.status <> c.status THEN session_user ELSE d.changed_by END,
                changed_client = CASE WHEN d.imported_status <> c.status AND d.status <> c.status THEN 'import' ELSE d.changed_client END,
                changed_at = CASE WHEN d.imported_status <> c.status AND d.status <> c.status THEN now() ELSE d.changed_at END,
                imported_status = c.status, items = c.items, instructions = c.instructions,
                delivery_window = c.delivery_window, revision = c.new_revision
            FROM import_change c WHERE c.old_position IS NOT NULL AND d.position = c.old_position
            """)
        try execute("""
            INSERT INTO delivery (\(HubImportRow.columns))
            SELECT (SELECT deliveries FROM hub) + row_number() OVER (ORDER BY c.position), c.id, c.name, c.line1, c.line2, c.phone,
                c.text_number, c.status, c.status, c.items, c.instructions, c.delivery_window, c.new_revision
            FROM import_change c WHERE c.old_position IS NULL
            """)
        return (added, changed)
    }

    /// Runs `body`, telling `parts` when the server found a unique key
    /// repeated: rows from one manifest with the same id.
    private func findingRepeatedIDs<Value>(_ parts: HubManifestParts, _ body: () throws(HubError) -> Value) throws(HubError) -> Value {
        do {
            return try body()
        } catch {
            if error.state == "23505" { parts.noteRepeatedID() }
            throw error
        }
    }

    /// The keys of `delivery`, dropped before a first import's COPY and built after it.
    static let deliveryKeys: [(drop: String, build: String)] = [
        ("ALTER TABLE delivery DROP CONSTRAINT delivery_pkey", "ALTER TABLE delivery ADD CONSTRAINT delivery_pkey PRIMARY KEY (position)"),
        ("ALTER TABLE delivery DROP CONSTRAINT delivery_id_key", "ALTER TABLE delivery ADD CONSTRAINT delivery_id_key UNIQUE (id)"),
        ("DROP INDEX delivery_revision", "CREATE UNIQUE INDEX delivery_revision ON delivery (revision)"),
    ]
}
