import GRDB
import Model

/// The store's tables, created and evolved by numbered migrations.
///
/// `delivery.position` is the rowid and the row's place in the list (1-based,
/// contiguous: rows are only ever appended or updated in place), so row `i`
/// is found by key without a scan and the count is `max(position)`.
/// `delivery_length` keeps the estimator's figures in a narrow table so that
/// reading them never touches the wide rows. Search is the word index
/// (`SearchWordIndex`, its migrations registered in `StoreSchema+Substring`).
/// The early migrations here make `delivery_search` (FTS5 over id, name,
/// address and a status word, with Chinese, Japanese and Korean spaced out
/// into `searchName` and `searchAddress`, see `UnspacedScript`), which a
/// later one drops: they stay as they are, so that an old store upgrades
/// step by step.
enum StoreSchema {
    /// This program's schema version: the number of migrations it knows.
    /// It is kept in `PRAGMA user_version`, so that an older program can tell
    /// a newer store and refuse to write it.
    static let version = 12

    /// Why a store of schema `version` (newer than this program's) is not written.
    static func newerReason(_ version: Int) -> String {
        "has schema version \(version), newer than this idelivermobile's \(Self.version): it is not opened for writing "
            + "(use the newer idelivermobile; `idelivermobile render` can still show it)"
    }

    /// The version a store says it has: its `user_version`, or for a store
    /// from before that was kept, the migrations it has applied.
    static func storedVersion(_ db: Database) throws -> Int {
        let declared = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard try db.tableExists("grdb_migrations") else { return declared }
        let applied = try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0
        return max(declared, applied)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: deliveries, lengths, search, change log") { db in
            try db.execute(sql: """
                CREATE TABLE delivery (
                    position INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    line1 TEXT NOT NULL,
                    line2 TEXT,
                    phone TEXT,
                    text TEXT,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'out_for_delivery', 'delivered', 'failed')),
                    importedStatus TEXT NOT NULL,
                    items TEXT NOT NULL,
                    instructions TEXT,
                    window TEXT
                );
                CREATE INDEX delivery_by_status ON delivery(status);

                CREATE TABLE delivery_length (
                    position INTEGER PRIMARY KEY,
                    name INTEGER NOT NULL,
                    address INTEGER NOT NULL,
                    window INTEGER NOT NULL
                );

                CREATE VIRTUAL TABLE delivery_search USING fts5(
                    id, name, address,
                    content = '', detail = none, columnsize = 0,
                    tokenize = 'unicode61 remove_diacritics 2',
                    prefix = '1 2'
                );
                """)
            try db.execute(sql: """
                CREATE TRIGGER delivery_search_insert AFTER INSERT ON delivery BEGIN
                    INSERT INTO delivery_search(rowid, id, name, address)
                    VALUES (new.position, new.id, new.name, new.line1 || coalesce(' ' || new.line2, ''));
                END;
                CREATE TRIGGER delivery_search_update AFTER UPDATE OF id, name, line1, line2 ON delivery
                WHEN old.id IS NOT new.id OR old.name IS NOT new.name
                    OR old.line1 IS NOT new.line1 OR old.line2 IS NOT new.line2
                BEGIN
                    INSERT INTO delivery_search(delivery_search, rowid, id, name, address)
                    VALUES ('delete', old.position, old.id, old.name, old.line1 || coalesce(' ' || old.line2, ''));
                    INSERT INTO delivery_search(rowid, id, name, address)
                    VALUES (new.position, new.id, new.name, new.line1 || coalesce(' ' || new.line2, ''));
                END;
                """)
            try db.execute(sql: """
                CREATE TABLE status_change (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    deliveryID TEXT NOT NULL,
                    oldStatus TEXT NOT NULL,
                    newStatus TEXT NOT NULL,
                    changedAt REAL NOT NULL
                );

                CREATE TABLE imported_manifest (
                    path TEXT PRIMARY KEY,
                    size INTEGER NOT NULL,
                    modified REAL NOT NULL,
                    importedAt REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2: status words in the search index, 3-letter prefixes") { db in
            try db.execute(sql: """
                DROP TRIGGER delivery_search_insert;
                DROP TRIGGER delivery_search_update;
                DROP TABLE delivery_search;
                CREATE VIRTUAL TABLE delivery_search USING fts5(
                    id, name, address, status,
                    content = '', detail = none, columnsize = 0,
                    tokenize = 'unicode61 remove_diacritics 2',
                    prefix = '1 2 3'
                );
                """)
            try db.execute(sql: triggers(spaced: false))
            try db.execute(sql: rebuild(spaced: false))
        }
        migrator.registerMigration("v3: unspaced scripts indexed a character at a time") { db in
            try db.execute(sql: """
                ALTER TABLE delivery ADD COLUMN searchName TEXT;
                ALTER TABLE delivery ADD COLUMN searchAddress TEXT;
                """)
            // Only rows with Chinese, Japanese or Korean text change; collect
            // them first rather than update the table under its own cursor.
            var spaced: [(position: Int64, name: String?, address: String?)] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT position, name, line1, line2 FROM delivery")
            while let row = try rows.next() {
                let address = searchAddress(Address(line1: row["line1"], line2: row["line2"]))
                let name = UnspacedScript.spacedOut(row["name"])
                let spacedAddress = UnspacedScript.spacedOut(address)
                if name != nil || spacedAddress != nil { spaced.append((row["position"], name, spacedAddress)) }
            }
            let update = try db.makeStatement(sql: "UPDATE delivery SET searchName = ?, searchAddress = ? WHERE position = ?")
            for row in spaced { try update.execute(arguments: [row.name, row.address, row.position]) }
            try db.execute(sql: dropSearchTriggers)
            try db.execute(sql: searchTriggers)
            try db.execute(sql: rebuildSearch)
        }
        migrator.registerMigration("v4: imported manifests known by their content hash") { db in
            try db.execute(sql: "ALTER TABLE imported_manifest ADD COLUMN contentHash TEXT")
        }
        registerSubstringSearch(&migrator)
        registerOwnership(&migrator)
        registerReplica(&migrator)
        registerSortOrders(&migrator)
        return migrator
    }

    /// The address as the index holds it: line 1, a space, line 2.
    static func searchAddress(_ address: Address) -> String {
        address.line1 + (address.line2.map { " " + $0 } ?? "")
    }

    /// The word that stands for a status in the search index: a private-use
    /// character (a word character to FTS5, but never one a typed query can
    /// contain) and the status without its underscores (which FTS5 splits on).
    static func statusWord(_ status: String) -> String {
        "\u{E000}" + status.replacingOccurrences(of: "_", with: "")
    }

    /// `statusWord` in SQL, for the triggers and the rebuild.
    private static func statusWordSQL(_ column: String) -> String {
        "char(57344) || replace(\(column), '_', '')"
    }

    /// The name the index holds: from v3, spaced out when it has unspaced-script text.
    private static func nameSQL(_ row: String?, spaced: Bool) -> String {
        let p = row.map { $0 + "." } ?? ""
        return spaced ? "coalesce(\(p)searchName, \(p)name)" : "\(p)name"
    }

    /// The address the index holds (`searchAddress(_:)`; from v3, spaced out when it needs to be).
    private static func addressSQL(_ row: String?, spaced: Bool) -> String {
        let p = row.map { $0 + "." } ?? ""
        let address = "\(p)line1 || coalesce(' ' || \(p)line2, '')"
        return spaced ? "coalesce(\(p)searchAddress, \(address))" : address
    }

    /// Kept `delivery_search` in step with `delivery` row by row, from v3 to v6.
    static let searchTriggers = triggers(spaced: true)

    /// The triggers as of v3 (`spaced`, reading the spaced-out columns) or as v2 made them.
    private static func triggers(spaced: Bool) -> String {
        let spacedColumns = spaced ? ", searchName, searchAddress" : ""
        let spacedChanged = spaced ? "\n    OR old.searchName IS NOT new.searchName OR old.searchAddress IS NOT new.searchAddress" : ""
        return """
            CREATE TRIGGER delivery_search_insert AFTER INSERT ON delivery BEGIN
                INSERT INTO delivery_search(rowid, id, name, address, status)
                VALUES (new.position, new.id, \(nameSQL("new", spaced: spaced)), \(addressSQL("new", spaced: spaced)), \(statusWordSQL("new.status")));
            END;
            CREATE TRIGGER delivery_search_update AFTER UPDATE OF id, name, line1, line2, status\(spacedColumns) ON delivery
            WHEN old.id IS NOT new.id OR old.name IS NOT new.name
                OR old.line1 IS NOT new.line1 OR old.line2 IS NOT new.line2 OR old.status IS NOT new.status\(spacedChanged)
            BEGIN
                INSERT INTO delivery_search(delivery_search, rowid, id, name, address, status)
                VALUES ('delete', old.position, old.id, \(nameSQL("old", spaced: spaced)), \(addressSQL("old", spaced: spaced)), \(statusWordSQL("old.status")));
                INSERT INTO delivery_search(rowid, id, name, address, status)
                VALUES (new.position, new.id, \(nameSQL("new", spaced: spaced)), \(addressSQL("new", spaced: spaced)), \(statusWordSQL("new.status")));
            END;
            """
    }

    static let dropSearchTriggers = """
        DROP TRIGGER delivery_search_insert;
        DROP TRIGGER delivery_search_update;
        """

    /// Emptied the contentless word index and filled it again from every row (v3).
    static let rebuildSearch = rebuild(spaced: true)

    /// The rebuild as of v3 (`spaced`) or as v2 did it.
    private static func rebuild(spaced: Bool) -> String {
        """
        INSERT INTO delivery_search(delivery_search) VALUES ('delete-all');
        INSERT INTO delivery_search(rowid, id, name, address, status)
        SELECT position, id, \(nameSQL(nil, spaced: spaced)), \(addressSQL(nil, spaced: spaced)), \(statusWordSQL("status")) FROM delivery;
        """
    }
}
