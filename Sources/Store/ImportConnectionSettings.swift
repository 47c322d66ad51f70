import GRDB

/// How the writer connection is set while an import runs, and how it was.
///
/// Staging writes need not reach the disk before the next one: until the
/// publish nothing of them is visible, and a crash only loses the import,
/// so they skip the sync at each commit (the publish does not). A big page
/// cache keeps the index building from rereading pages. And freed pages are
/// not zeroed one by one (`secure_delete`, on in Debian's SQLite): the
/// staging and the replaced tables would be written out again just to be
/// emptied, and a failed import on a full disk would have no room to drop them.
/// And the `CHECK` on statuses is not evaluated: every status an import
/// writes is a `DeliveryStatus` (a manifest's is parsed into one, a kept one
/// passed the check when it was stored), and the check's `IN` list makes
/// SQLite fill a table for every row, a large share of an import's writer.
struct ImportConnectionSettings {
    var synchronous: Int
    var cacheSize: Int
    var secureDelete: String
    var ignoresCheckConstraints: Bool

    /// The settings for an import's slices.
    static let staging = ImportConnectionSettings(synchronous: 1, cacheSize: -8192, secureDelete: "FAST", ignoresCheckConstraints: true)

    /// The connection's current settings.
    init(_ db: Database) throws {
        synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
        cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        secureDelete = "\(try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0)"
        ignoresCheckConstraints = try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") ?? false
    }

    init(synchronous: Int, cacheSize: Int, secureDelete: String, ignoresCheckConstraints: Bool) {
        self.synchronous = synchronous
        self.cacheSize = cacheSize
        self.secureDelete = secureDelete
        self.ignoresCheckConstraints = ignoresCheckConstraints
    }

    /// Before the transaction that makes the import visible: it syncs as every other commit does.
    func restoreSynchronous(_ db: Database) throws {
        try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
    }

    func apply(_ db: Database) throws {
        try db.execute(sql: """
            PRAGMA synchronous = \(synchronous); PRAGMA cache_size = \(cacheSize); PRAGMA secure_delete = \(secureDelete);
            PRAGMA ignore_check_constraints = \(ignoresCheckConstraints ? 1 : 0)
            """)
    }
}
