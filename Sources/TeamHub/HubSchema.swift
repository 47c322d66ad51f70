/// The hub's tables, in numbered migrations recorded in `idm_schema_migration`,
/// each applied once, in order, in one transaction, by one program at a time
/// (an advisory lock), and only by the role that owns the database (or its
/// tables): any other role is told who may, and nothing is changed. A hub
/// newer than this program is refused.
///
/// Version 15 is the hub, made from nothing or from a team database of
/// versions 1 to 14 (which browsers read page by page), keeping its rows,
/// statuses and status log:
/// - `delivery`: one row per delivery, `position` its place in the list;
///   `revision` the feed position of its last change, unique, so that
///   "changes since" is a range of one index; who made its last status
///   change, and when (`changed_by` the role, `changed_client` the client).
/// - `hub`: one row: the hub's identity (made once, so a replica can tell a
///   re-created database from the one it synced), the feed's position (the
///   last revision given) and the number of deliveries. Every writer takes
///   its row lock to number its change, so revisions are given in commit
///   order and a reader that sees revision N has seen every one below it.
/// - `status_change`: the log of every change submitted, applied or not:
///   the status it was made against, the caller's role (`session_user`),
///   client and time, its outcome, and for a rejected one what was kept.
/// - `manifest_import`: every import, with its manifest's SHA-256.
/// - `submit_status_change`: the one way a courier's role changes a status
///   (`SECURITY DEFINER`, `HubIntake`).
/// What only served browsing the server goes: the word index and its
/// trigrams, the kept text orders, the folded search text and text lengths,
/// the sort indexes. Grants older versions' documentation suggested (writing
/// the tables) are taken back: reading stays, writing is the intake's.
enum HubSchema {
    /// The channel changes and imports are announced on.
    static let channel = "idelivermobile_change"
    /// The advisory lock key migrations take turns on (the one earlier versions took).
    static let migrationLock = "30282728"

    struct Migration {
        var version: Int
        var name: String
        var statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(version: 15, name: "the hub: a change feed, an intake function, imports by content; browsing tables gone", statements: [
            """
            CREATE TABLE IF NOT EXISTS delivery (
                position integer NOT NULL,
                id text COLLATE "C" NOT NULL,
                name text NOT NULL,
                line1 text NOT NULL,
                line2 text,
                phone text,
                text_number text,
                status text NOT NULL CHECK (status IN ('pending', 'out_for_delivery', 'delivered', 'failed')),
                imported_status text NOT NULL,
                items text NOT NULL,
                instructions text,
                delivery_window text
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS status_change (
                sequence bigserial PRIMARY KEY,
                change_id uuid NOT NULL UNIQUE,
                delivery_id text NOT NULL,
                old_status text NOT NULL,
                new_status text NOT NULL,
                client text NOT NULL,
                changed_at timestamptz NOT NULL DEFAULT now(),
                undone boolean NOT NULL DEFAULT false
            )
            """,
            "DROP TABLE IF EXISTS search_word, search_trigram, search_word_import, search_trigram_import, text_order",
            "ALTER TABLE delivery DROP CONSTRAINT IF EXISTS delivery_pkey",
            """
            DROP INDEX IF EXISTS delivery_by_status, delivery_search, delivery_lengths, delivery_by_status_then_name,
                delivery_by_status_then_window, delivery_sorted_by_name, delivery_sorted_by_window,
                delivery_sorted_by_status_rank, status_change_by_client
            """,
            """
            ALTER TABLE delivery DROP COLUMN IF EXISTS search_text, DROP COLUMN IF EXISTS name_length,
                DROP COLUMN IF EXISTS address_length, DROP COLUMN IF EXISTS window_length,
                ADD COLUMN IF NOT EXISTS revision bigint, ADD COLUMN IF NOT EXISTS changed_by text,
                ADD COLUMN IF NOT EXISTS changed_client text, ADD COLUMN IF NOT EXISTS changed_at timestamptz
            """,
            // Rows kept from a browsed database: each its own place in the feed, and the author of its status from the log.
            "UPDATE delivery SET revision = position",
            """
            UPDATE delivery d SET changed_by = split_part(l.client, '@', 1), changed_client = l.client, changed_at = l.changed_at
            FROM (SELECT DISTINCT ON (delivery_id) delivery_id, client, changed_at, new_status
                  FROM status_change ORDER BY delivery_id, sequence DESC) l
            WHERE l.delivery_id = d.id AND l.new_status = d.status
            """,
            "ALTER TABLE delivery ALTER COLUMN revision SET NOT NULL, ADD CONSTRAINT delivery_pkey PRIMARY KEY (position)",
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'delivery_id_key' AND conrelid = 'delivery'::regclass) THEN
                    ALTER TABLE delivery ADD CONSTRAINT delivery_id_key UNIQUE (id);
                END IF;
            END $$
            """,
            "CREATE UNIQUE INDEX delivery_revision ON delivery (revision)",
            """
            ALTER TABLE status_change
                ADD COLUMN role text, ADD COLUMN made_at timestamptz,
                ADD COLUMN outcome text NOT NULL DEFAULT 'applied' CHECK (outcome IN ('applied', 'rejected', 'unknown_delivery')),
                ADD COLUMN revision bigint, ADD COLUMN kept_status text, ADD COLUMN kept_by text,
                ADD COLUMN kept_client text, ADD COLUMN kept_at timestamptz
            """,
            "UPDATE status_change SET role = split_part(client, '@', 1)",
            """
            CREATE TABLE hub (
                single boolean PRIMARY KEY DEFAULT true CHECK (single),
                identity uuid NOT NULL DEFAULT gen_random_uuid(),
                feed bigint NOT NULL,
                deliveries integer NOT NULL
            )
            """,
            "INSERT INTO hub (feed, deliveries) SELECT coalesce(max(revision), 0), count(*) FROM delivery",
            """
            CREATE TABLE manifest_import (
                sequence bigserial PRIMARY KEY,
                content_hash text,
                file text NOT NULL,
                deliveries integer,
                added integer,
                changed integer,
                imported_by text NOT NULL DEFAULT session_user,
                imported_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            // The earlier imports' record (path, size, time) kept as history; it never decided anything by content.
            """
            DO $$ BEGIN
                IF to_regclass('imported_manifest') IS NOT NULL THEN
                    INSERT INTO manifest_import (file, imported_by, imported_at) SELECT path, '', imported_at FROM imported_manifest ORDER BY imported_at;
                    DROP TABLE imported_manifest;
                END IF;
            END $$
            """,
            HubIntake.function,
            // Functions may be run by anyone unless taken back: only the roles `HubGrant` names may.
            "REVOKE ALL ON FUNCTION \(HubIntake.signature) FROM PUBLIC",
            readingOnlyForOthers,
        ]),
    ]

    /// Takes back from every role but the owner any right to write the
    /// hub's tables and sequences (older versions' README granted INSERT and
    /// UPDATE on all tables to couriers); reading stays.
    static let readingOnlyForOthers = """
        DO $$
        DECLARE grant_ record;
        BEGIN
            FOR grant_ IN
                SELECT DISTINCT c.oid::regclass AS object, c.relkind, coalesce(quote_ident(r.rolname), 'PUBLIC') AS grantee
                FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
                WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'S') AND a.grantee <> c.relowner
                    AND a.privilege_type NOT IN ('SELECT')
            LOOP
                IF grant_.relkind = 'S' THEN
                    EXECUTE format('REVOKE USAGE, UPDATE ON SEQUENCE %s FROM %s', grant_.object, grant_.grantee);
                ELSE
                    EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON %s FROM %s', grant_.object, grant_.grantee);
                END IF;
            END LOOP;
        END $$
        """

    /// The newest version this program knows.
    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// What the connection's role finds: the version, and who may change it.
    struct Found {
        var version: Int
        var owner: String
        var mayMigrate: Bool
        /// The connection's role.
        var role: String
    }

    /// Brings the hub's schema up to date when the connection's role owns it; refuses one it cannot use.
    static func prepare(_ connection: HubConnection) throws(HubError) {
        let found = try find(connection)
        if found.version == latestVersion { return }
        try check(found, connection)
        try connection.transaction { () throws(HubError) in
            try connection.execute("SELECT pg_advisory_xact_lock(\(migrationLock))")
            // Another program may have migrated while this one waited for the lock.
            let current = try find(connection).version
            try check(Found(version: current, owner: found.owner, mayMigrate: true, role: found.role), connection)
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS idm_schema_migration (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            for migration in migrations where migration.version > current {
                for statement in migration.statements { try connection.execute(statement) }
                try connection.execute("INSERT INTO idm_schema_migration (version, name) VALUES ($1, $2)",
                                       [String(migration.version), migration.name])
            }
        }
    }

    /// Refuses a schema newer than this program's, or an older one this role may not migrate.
    private static func check(_ found: Found, _ connection: HubConnection) throws(HubError) {
        if found.version > latestVersion {
            throw HubError(.schemaTooNew, "\(connection.address) holds a hub of schema version \(found.version), newer than this program's "
                + "\(latestVersion); update idelivermobile")
        }
        if found.version < latestVersion, !found.mayMigrate {
            let what = found.version == 0 ? "has no hub yet" : "holds a hub of schema version \(found.version)"
            throw HubError(.schemaOutdated, "\(connection.address) \(what), and version \(latestVersion) can be made only by its owner, "
                + "\(found.owner); run `idelivermobile import` or `idelivermobile grant` as \(found.owner) once (nothing was changed)")
        }
    }

    /// The version the hub is at (0 before any), its owner, and whether this role may migrate it.
    static func find(_ connection: HubConnection) throws(HubError) -> Found {
        let facts = try connection.execute("""
            SELECT to_regclass('public.idm_schema_migration') IS NOT NULL,
                   pg_get_userbyid(coalesce(c.relowner, d.datdba)),
                   pg_has_role(coalesce(c.relowner, d.datdba), 'USAGE') OR r.rolsuper, current_user
            FROM pg_database d JOIN pg_roles r ON r.rolname = current_user
                LEFT JOIN pg_class c ON c.oid = to_regclass('public.delivery')
            WHERE d.datname = current_database()
            """)
        guard facts.rows == 1 else { throw HubError(.refused, "\(connection.address) did not say who owns it") }
        let owner = facts.text(0, 1) ?? "its owner"
        let mayMigrate = facts.text(0, 2) == "t"
        let role = facts.text(0, 3) ?? ""
        guard facts.text(0, 0) == "t" else { return Found(version: 0, owner: owner, mayMigrate: mayMigrate, role: role) }
        let version: HubResult
        do throws(HubError) {
            version = try connection.execute("SELECT coalesce(max(version), 0) FROM idm_schema_migration")
        } catch where error.kind == .permission {
            throw HubError(.permission, "role \(role) may not read the hub at \(connection.address); its owner (\(owner)) gives it "
                + "what it needs with: idelivermobile grant \(role) --store URL")
        }
        return Found(version: version.text(0, 0).flatMap { Int($0) } ?? 0, owner: owner, mayMigrate: mayMigrate, role: role)
    }
}
