import Model
import PostgresNIO
import Store

/// The PostgreSQL store's tables, created and evolved by numbered migrations,
/// as the SQLite store's are: each version is applied once, in order, in one
/// transaction, and recorded in `idm_schema_migration`. Two programs starting
/// at once take turns on an advisory lock, so a migration never runs twice.
///
/// `delivery.position` is the row's place in the list (1-based, contiguous:
/// rows are only appended or updated in place), so a page is a key range. The
/// text lengths the height estimator needs are included in the primary key's
/// index (v3), so reading them never touches the wide rows. `search_text` is
/// id, name and address folded as the SQLite store folds them
/// (`SubstringSearch.searchedText`); `search_word` holds its distinct words
/// with the positions of the deliveries holding each, and `search_trigram`
/// the words' trigrams with the ids of the words holding each, which answer
/// substring search (v4, v11, `SearchWords`). `status_change` is the log: every change by anyone, kept;
/// `change_id` (made by the client) makes writing a change twice write it once,
/// which is what lets a queued change be replayed after a lost connection.
enum PostgresSchema {
    /// The channel status changes and imports are announced on.
    static let notificationChannel = "idelivermobile_change"
    /// What an import announces on the channel (a status change announces its delivery's id).
    static let importAnnouncement = "import"
    /// The advisory lock key migrations take turns on (any fixed number).
    static let migrationLock: Int64 = 0x1D_E11_7E8

    struct Migration {
        var version: Int
        var name: String
        var statements: [String]
        /// Work SQL alone cannot do (folding text as Swift does), after the statements.
        var rewrite: (@Sendable (PostgresLink, PostgresConnection) throws -> Void)?

        init(version: Int, name: String, statements: [String],
             rewrite: (@Sendable (PostgresLink, PostgresConnection) throws -> Void)? = nil) {
            self.version = version
            self.name = name
            self.statements = statements
            self.rewrite = rewrite
        }
    }

    static let migrations: [Migration] = [
        Migration(version: 1, name: "deliveries, lengths, trigram search, change log", statements: [
            "CREATE EXTENSION IF NOT EXISTS pg_trgm",
            """
            CREATE TABLE delivery (
                position integer PRIMARY KEY,
                id text NOT NULL UNIQUE,
                name text NOT NULL,
                line1 text NOT NULL,
                line2 text,
                phone text,
                text_number text,
                status text NOT NULL CHECK (status IN ('pending', 'out_for_delivery', 'delivered', 'failed')),
                imported_status text NOT NULL,
                items text NOT NULL,
                instructions text,
                delivery_window text,
                name_length integer NOT NULL,
                address_length integer NOT NULL,
                window_length integer NOT NULL,
                search_text text NOT NULL
            )
            """,
            "CREATE INDEX delivery_lengths ON delivery (position) INCLUDE (name_length, address_length, window_length)",
            "CREATE INDEX delivery_by_status ON delivery (status, position)",
            searchIndex,
            """
            CREATE TABLE status_change (
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
            "CREATE INDEX status_change_by_client ON status_change (client, sequence) WHERE NOT undone",
            """
            CREATE TABLE imported_manifest (
                path text PRIMARY KEY,
                size bigint NOT NULL,
                modified double precision NOT NULL,
                imported_at timestamptz NOT NULL DEFAULT now()
            )
            """,
        ]),
        // Version 1 folded with a folding of its own and joined the address with
        // a comma: searches found other rows than in SQLite for the same words.
        Migration(version: 2, name: "search text folded and joined as the SQLite store's", statements: [dropSearchIndex],
                  rewrite: { link, connection in
                      try refoldSearchText(link, connection)
                      _ = try link.rows(PostgresQuery(unsafeSQL: searchIndex), on: connection)
                  }),
        // One index fewer to build at import: the lengths ride in the primary key's.
        Migration(version: 3, name: "text lengths kept in the primary key's index", statements: [
            "DROP INDEX delivery_lengths",
            "ALTER TABLE delivery DROP CONSTRAINT delivery_pkey",
            deliveryKeys[0].build,
        ]),
        // Substring search asks the distinct words rather than a million texts
        // (`SearchWords`): a far smaller trigram index, and a search reads only
        // the positions of the words it finds. The folded text stays, unindexed,
        // for the rare typed word that holds white space.
        Migration(version: 4, name: "a word index: distinct folded words, their deliveries, trigrams of the words", statements: [
            dropSearchIndex,
            "CREATE TABLE search_word (word text NOT NULL, positions bytea NOT NULL)",
            // Read whole at every search, and already compact: not worth compressing.
            "ALTER TABLE search_word ALTER COLUMN positions SET STORAGE EXTERNAL",
            "CREATE INDEX search_word_trigram ON search_word USING gin (word gin_trgm_ops)",
            // The words are made from the texts by version 11, which changed their shape.
        ]),
        // A list sorted by name, window or status reads its first page and each
        // next one from an index rather than sorting a million rows per step.
        Migration(version: 5, name: "an index per sort order", statements: [
            "CREATE INDEX delivery_sorted_by_name ON delivery ((lower(name COLLATE \"C\")), position)",
            """
            CREATE INDEX delivery_sorted_by_window ON delivery (((delivery_window IS NULL OR delivery_window = '')), \
            ((delivery_window IS NOT NULL)), (coalesce(delivery_window, '') COLLATE "C"), position)
            """,
            "CREATE INDEX delivery_sorted_by_status_rank ON delivery ((\(PostgresSearch.statusRank)), position)",
        ]),
        // A sorted list filtered by status read the whole sort index past the
        // other statuses' rows (10^6 rows, failed only, by name: 150-1100 ms
        // to the first step). Sort indexes that begin with the status make it
        // a range; the unfiltered list merges the four statuses' ranges, a
        // step's rows each (14 ms for 4096 rows), so the sort indexes are not
        // kept twice (each costs an import 1-2 s at 10^6). Within a status
        // the status order is the position order: the status index serves it.
        Migration(version: 6, name: "sort indexes that begin with the status", statements: [
            "DROP INDEX delivery_sorted_by_name", "DROP INDEX delivery_sorted_by_window", "DROP INDEX delivery_sorted_by_status_rank",
        ] + sortIndexes.map(\.build)),
        // Ids are only ever compared for equality, where every deterministic
        // collation agrees with bytes; compared as bytes, the id key builds at
        // an import of 10^6 in 0.6 s rather than 0.9-1.1 s under C.UTF-8 (and
        // a language's collation is slower still), and a join on ids needs no
        // locale. The key is rebuilt by the change.
        Migration(version: 7, name: "ids compared as bytes", statements: [
            "ALTER TABLE delivery ALTER COLUMN id TYPE text COLLATE \"C\"",
        ]),
        // Whether a row has no window (none, or an empty one) as one key of
        // three values rather than two of two (`PostgresSearch.sortKey`): the
        // same order, and the window index builds at an import of 10^6 in
        // 1.7-2.3 s rather than 2.4-3.0 s (fewer expressions per row, fewer
        // keys per comparison).
        Migration(version: 8, name: "the window order's emptiness as one key", statements: [
            sortIndex(.window).drop, sortIndex(.window).build,
        ]),
        // The status index led by the rank rather than the status's text:
        // integers sort far faster than text under the database's collation
        // (an import of 10^6 builds it in 0.75-1.1 s rather than 1.25-1.8 s),
        // and one condition on the rank reads a status's range of every index.
        Migration(version: 9, name: "the status index led by the status's rank", statements: [
            statusIndex.drop, statusIndex.build,
        ]),
        // No query filters or sorts on these columns, so the planner needs no
        // figures for them: `ANALYZE` at the end of an import of 10^6 takes
        // 0.32 s rather than 0.55 s without sampling their long texts.
        Migration(version: 10, name: "no statistics for columns no query filters on", statements: [
            "ALTER TABLE delivery " + unfilteredColumns.map { "ALTER COLUMN \($0) SET STATISTICS 0" }.joined(separator: ", "),
        ]),
        // The words' trigrams as lists of word ids, as the SQLite store keeps
        // them (`SearchWords`), rather than in a `pg_trgm` index: at 10^6
        // deliveries (a million words are ids) that index cost every import
        // 3-6 s of the server's time, the lists and the words' key 0.5 s.
        Migration(version: 11, name: "the words' trigrams as lists of word ids", statements: [
            "DROP INDEX search_word_trigram",
            "TRUNCATE search_word",
            "ALTER TABLE search_word ADD COLUMN id integer NOT NULL",
            wordKey.build,
            "CREATE TABLE search_trigram (trigram bigint PRIMARY KEY, count integer NOT NULL, words bytea NOT NULL)",
            "ALTER TABLE search_trigram ALTER COLUMN words SET STORAGE EXTERNAL",
            // Whoever may read the words may read their trigrams.
            keepingOwnerAndGrants(of: "search_word", for: "search_trigram"),
        ], rewrite: { link, connection in
            try SearchWords.reading(link, connection).replaceTables(link, connection)
        }),
        // The sort indexes led by one text key, the rank's letter and the
        // order's key (`rankedKey`), rather than the rank and
        // then the key: the same order, and the server sorts their rows by
        // the first bytes of that key, which it cannot for a second column.
        Migration(version: 12, name: "the sort indexes led by the rank and key as one text", statements: [
            sortIndex(.name).drop, sortIndex(.window).drop, sortIndex(.name).build, sortIndex(.window).build,
        ]),
        // `ANALYZE` reads 300 rows per unit of the largest target among the
        // columns and the indexes' expressions: at the default (100) that is
        // 30,000 rows, most of a million rows' pages, 0.4-0.5 s at the end of
        // every import of 10^6, on one core while the other waits. The
        // filters are a status (four values), a status's range of a sort key
        // and unique keys, which 3,000 rows describe as well: the plans at
        // 10^6 are the same, and it takes 36-45 ms. The words' tables likewise
        // (0.14-0.34 s to 22-36 ms, beside the deliveries' keys).
        Migration(version: 13, name: "smaller samples for the planner's figures", statements: [
            "ALTER TABLE delivery " + sampledColumns.map { "ALTER COLUMN \($0) SET STATISTICS \(statisticsTarget)" }.joined(separator: ", "),
            indexExpressionStatistics,
        ] + wordStatistics(of: (words: "search_word", trigrams: "search_trigram"))),
        // A list in a text order is read whole, from every position in that
        // order kept as one array (`text_order`, `PostgresDeliveryStore.wholeOrder`),
        // rather than stepped through an index of its own: the two indexes cost
        // every import of 10^6 5-6 s of the server's CPU (sorting a million rows
        // that do not arrive in their order), more than a third of it, and every
        // status change and re-import kept them up. An import into an empty
        // store works the orders out as it reads (`TextOrderBuilder`); one
        // that changes texts, and this migration, have the server sort.
        Migration(version: 14, name: "the text orders kept whole rather than indexed", statements: [
            "DROP INDEX IF EXISTS delivery_by_status_then_name", "DROP INDEX IF EXISTS delivery_by_status_then_window",
            "CREATE TABLE IF NOT EXISTS text_order (sort text PRIMARY KEY, positions integer[] NOT NULL)",
            // Read whole by every browser's first sort: not worth compressing.
            "ALTER TABLE text_order ALTER COLUMN positions SET STORAGE EXTERNAL",
            // Whoever may read the rows may read their orders.
            keepingOwnerAndGrants(of: "delivery", for: "text_order"),
        ], rewrite: { link, connection in
            try sortTextOrders(link, connection)
        }),
    ]

    /// The orders `text_order` keeps (v14): those a browser keeps whole.
    static let textOrders = DeliveryOrder.allCases.filter(KeptTextOrders.keeps)

    /// Keeps every position of each text order in `text_order`, as the server sorts the rows now.
    static func sortTextOrders(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        for order in textOrders {
            _ = try link.rows(PostgresQuery(unsafeSQL: """
                INSERT INTO text_order (sort, positions) SELECT '\(order.rawValue)', whole FROM (\(PostgresSearch.wholeList(in: order).sql)) AS w(whole)
                ON CONFLICT (sort) DO UPDATE SET positions = excluded.positions
                """), on: connection)
        }
    }

    /// Keeps `orders` (every position of each text order, worked out by this end) in `text_order`.
    static func keepTextOrders(_ orders: [DeliveryOrder: [Int32]], _ link: PostgresLink, _ connection: PostgresConnection) throws {
        for (order, positions) in orders {
            _ = try link.rows("""
                INSERT INTO text_order (sort, positions) VALUES (\(order.rawValue), \(PositionArray(positions)))
                ON CONFLICT (sort) DO UPDATE SET positions = excluded.positions
                """, on: connection)
        }
    }

    /// The statistics target (v13) of the columns queries filter or sort on,
    /// of `delivery`'s indexes' expressions, and of the word index's keys.
    static let statisticsTarget = 10

    /// The columns of `delivery` queries filter or sort on, sampled at `statisticsTarget`.
    static let sampledColumns = ["position", "id", "name", "status", "delivery_window", "name_length", "address_length", "window_length"]

    /// The columns of `delivery` that are only read, never filtered or sorted on (v10).
    static let unfilteredColumns = ["line1", "line2", "phone", "text_number", "items", "instructions", "search_text", "imported_status"]

    /// The sort indexes of the text orders, versions 6 to 13 (dropped by
    /// v14): the status's rank, then exactly the expressions the keyset read,
    /// then the position, so that each status's rows in that order were a
    /// range. Since v12 the rank and the key were one text key (`rankedKey`).
    static let sortIndexes = [sortIndex(.name), sortIndex(.window)]

    /// The rows of each status in position order (a status filter in
    /// manifest order, the status order within a status), led by the rank
    /// as the sort indexes are (v9); with the status, so that counting a
    /// status's rows reads the index alone.
    static let statusIndex = (
        drop: "DROP INDEX delivery_by_status",
        build: "CREATE INDEX delivery_by_status ON delivery ((\(PostgresSearch.statusRank)), position) INCLUDE (status)")

    /// The sort index of one order by text (`sortIndexes`), as versions 12 and 13 built it.
    static func sortIndex(_ order: DeliveryOrder) -> (drop: String, build: String) {
        let (name, column) = order == .name ? ("name", "name") : ("window", "delivery_window")
        return ("DROP INDEX delivery_by_status_then_\(name)",
                "CREATE INDEX delivery_by_status_then_\(name) ON delivery ((\(rankedKey(order))), position) "
                    + "INCLUDE (\(column), status)")
    }

    /// A text order's sort index key (v12 to v13): the status's rank as a
    /// letter, `a` for pending to `d` for failed, then the order's key as
    /// text, compared as bytes, which sorts as the rank and then the key do.
    private static func rankedKey(_ order: DeliveryOrder) -> String {
        let rank = "(CASE status WHEN 'pending' THEN 'a' WHEN 'out_for_delivery' THEN 'b' WHEN 'delivered' THEN 'c' ELSE 'd' END)"
        return switch order {
        case .window:
            "(\(rank) || CASE WHEN delivery_window IS NULL THEN '1' WHEN delivery_window = '' THEN '2' ELSE '0' END "
                + "|| coalesce(delivery_window, '')) COLLATE \"C\""
        case .name, .manifest, .status:
            "(\(rank) || lower(name COLLATE \"C\")) COLLATE \"C\""
        }
    }

    /// The keys and indexes of `delivery` as the latest version has them, in
    /// the order an import into an empty table builds them after its `COPY`
    /// (each built once from sorted rows rather than kept up row by row).
    static let deliveryKeys: [(drop: String, build: String)] = [
        ("ALTER TABLE delivery DROP CONSTRAINT delivery_pkey",
         "ALTER TABLE delivery ADD CONSTRAINT delivery_pkey PRIMARY KEY (position) INCLUDE (name_length, address_length, window_length)"),
        ("ALTER TABLE delivery DROP CONSTRAINT delivery_id_key", "ALTER TABLE delivery ADD CONSTRAINT delivery_id_key UNIQUE (id)"),
        statusIndex,
    ]

    /// Computes every row's `search_text` again (`SubstringSearch.searchedText`), a batch at a time.
    private static func refoldSearchText(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        var last: Int32 = 0
        while true {
            let rows = try link.rows("""
                SELECT position, id, name, line1, line2 FROM delivery WHERE position > \(last) ORDER BY position LIMIT 10000
                """, on: connection)
            guard !rows.isEmpty else { return }
            var positions: [Int32] = []
            var texts: [String] = []
            for row in rows {
                let columns = row.makeRandomAccess()
                let position = try columns.decode("position", as: Int32.self)
                let (id, name) = (try columns.decode("id", as: String.self), try columns.decode("name", as: String.self))
                let (line1, line2) = (try columns.decode("line1", as: String.self), try columns.decode("line2", as: String?.self))
                positions.append(position)
                texts.append(SubstringSearch.searchedText(id: id, name: name, line1: line1, line2: line2))
            }
            _ = try link.rows("""
                UPDATE delivery d SET search_text = u.text
                FROM unnest(\(PositionArray(positions)), \(texts)::text[]) AS u(position, text) WHERE d.position = u.position
                """, on: connection)
            last = positions[positions.count - 1]
        }
    }

    /// The words' key (v11), built once after an import's words are copied in.
    static let wordKey = (
        drop: "ALTER TABLE search_word DROP CONSTRAINT search_word_pkey",
        build: "ALTER TABLE search_word ADD CONSTRAINT search_word_pkey PRIMARY KEY (id)")

    /// Gives the table `new` the owner of `old` and every grant `old` holds
    /// for others, so a team's roles read the one as they read the other.
    static func keepingOwnerAndGrants(of old: String, for new: String) -> String {
        """
        DO $$
        DECLARE
            old regclass := '\(old)'::regclass;
            new regclass := '\(new)'::regclass;
            grant_ record;
        BEGIN
            EXECUTE format('ALTER TABLE %s OWNER TO %I', new, (SELECT rolname FROM pg_roles r JOIN pg_class c ON r.oid = c.relowner WHERE c.oid = old));
            FOR grant_ IN
                SELECT a.privilege_type, a.is_grantable, coalesce(quote_ident(r.rolname), 'PUBLIC') AS grantee
                FROM pg_class c, aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
                WHERE c.oid = old AND a.grantee <> c.relowner
            LOOP
                EXECUTE format('GRANT %s ON %s TO %s%s', grant_.privilege_type, new, grant_.grantee,
                               CASE WHEN grant_.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
            END LOOP;
        END $$
        """
    }

    /// The statistics targets (v13) of the word index's tables, the live
    /// ones or an import's staged copies (which `LIKE` does not give them):
    /// the keys, and the words a merge looks up; the lists are never filtered on.
    static func wordStatistics(of tables: (words: String, trigrams: String)) -> [String] {
        ["ALTER TABLE \(tables.words) ALTER COLUMN word SET STATISTICS \(statisticsTarget), "
            + "ALTER COLUMN id SET STATISTICS \(statisticsTarget), ALTER COLUMN positions SET STATISTICS 0",
         "ALTER TABLE \(tables.trigrams) ALTER COLUMN trigram SET STATISTICS \(statisticsTarget), "
            + "ALTER COLUMN count SET STATISTICS 0, ALTER COLUMN words SET STATISTICS 0"]
    }

    /// Gives every expression of `delivery`'s indexes the statistics target
    /// (v13). A new index's expressions have the server's default, so this
    /// follows every build of them (`analyzeDeliveries`).
    static let indexExpressionStatistics = """
        DO $$
        DECLARE column_ record;
        BEGIN
            FOR column_ IN
                SELECT i.indexrelid::regclass AS index, k.n FROM pg_index i, generate_series(1, i.indnkeyatts) AS k(n)
                WHERE i.indrelid = 'delivery'::regclass AND i.indkey[k.n - 1] = 0
            LOOP
                EXECUTE format('ALTER INDEX %s ALTER COLUMN %s SET STATISTICS \(statisticsTarget)', column_.index, column_.n);
            END LOOP;
        END $$
        """

    /// Takes the planner's figures for `delivery` and `alsoTables`, in the
    /// caller's transaction, at the sample size v13 set, which indexes built
    /// since have lost: given back for later analyses (autovacuum's), and
    /// for this one through the default, because the server reads an index's
    /// targets from its cached description, which a change in the
    /// transaction that built the index does not refresh.
    static func analyzeDeliveries(_ link: PostgresLink, _ connection: PostgresConnection, alsoTables: [String] = []) throws {
        _ = try link.rows(PostgresQuery(unsafeSQL: indexExpressionStatistics), on: connection)
        _ = try link.rows(PostgresQuery(unsafeSQL: "SET LOCAL default_statistics_target = \(statisticsTarget)"), on: connection)
        _ = try link.rows(PostgresQuery(unsafeSQL: "ANALYZE " + (["delivery"] + alsoTables).joined(separator: ", ")), on: connection)
    }

    /// The substring index over every delivery's text, of versions 1 to 3.
    static let searchIndex = "CREATE INDEX delivery_search ON delivery USING gin (search_text gin_trgm_ops)"
    static let dropSearchIndex = "DROP INDEX delivery_search"

    /// The newest version this program knows.
    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database's schema up to date; refuses one made by a newer program.
    ///
    /// A store already at this program's version is opened without the lock
    /// or any DDL, so a role that may only read and change rows (a courier's,
    /// without `CREATE` on the schema) opens it. A store that needs a
    /// migration needs a role that may make tables; any other is told so.
    static func migrate(_ link: PostgresLink) throws(StoreError) {
        if try version(link) == latestVersion { return }
        try link.transaction { connection in
            do {
                try migrate(link, connection)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42501" {
                throw StoreError(
                    kind: .newerSchema, path: link.location.description,
                    reason: "its schema needs updating to version \(latestVersion), which this role may not do "
                        + "(\(error.serverInfo?[.message] ?? "permission denied")); open it once as its owner")
            }
        }
    }

    /// The version the database's schema is at: 0 before the first migration.
    static func version(_ link: PostgresLink) throws(StoreError) -> Int {
        try link.withConnection { connection in
            let made = try link.rows("SELECT to_regclass('idm_schema_migration') IS NOT NULL", on: connection).first?.decode(Bool.self)
            guard made == true else { return 0 }
            return try link.rows("SELECT coalesce(max(version), 0) FROM idm_schema_migration", on: connection).first?.decode(Int.self) ?? 0
        }
    }

    /// Applies every migration the database lacks, in the caller's transaction, one program at a time.
    private static func migrate(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        _ = try link.rows("SELECT pg_advisory_xact_lock(\(migrationLock))", on: connection)
        _ = try link.rows("""
            CREATE TABLE IF NOT EXISTS idm_schema_migration (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, on: connection)
        let rows = try link.rows("SELECT coalesce(max(version), 0) FROM idm_schema_migration", on: connection)
        let current = try rows.first?.decode(Int.self) ?? 0
        guard current <= latestVersion else {
            throw StoreError(
                kind: .notAStore, path: link.location.description,
                reason: "its schema is version \(current), newer than this program's \(latestVersion); update idelivermobile")
        }
        for migration in migrations where migration.version > current {
            for statement in migration.statements {
                _ = try link.rows(PostgresQuery(unsafeSQL: statement), on: connection)
            }
            try migration.rewrite?(link, connection)
            _ = try link.rows(
                "INSERT INTO idm_schema_migration(version, name) VALUES (\(migration.version), \(migration.name))",
                on: connection)
        }
    }
}
