import GRDB

/// Schema v12: an index for each sort order that had none, so that a sort
/// of every row reads an index in order instead of reading the whole table
/// and sorting it (`IndexedOrder`). SQLite keeps them on every write, so an
/// import (whose staged tables copy the live ones' indexes), a status
/// change and a sync's rows in a replica keep them without a word here.
///
/// - `delivery_by_name`: `name COLLATE NOCASE`, the very collation the name
///   order sorts by (SQLite's own, which folds ASCII letters only and
///   compares the rest byte by byte, whatever the locale), so the index's
///   order is the order as it has always been.
/// - `delivery_by_window`: the windows as they compare (binary); the rows
///   without one come after, in position order.
///
/// The status order needs none: the status index lists each status's rows
/// in position order, read a status at a time.
extension StoreSchema {
    /// The columns v12's indexes are keyed on: an import builds their
    /// indexes once its rows are staged (`StagedImport.buildIndexes`).
    static let sortOrderColumns: Set<String> = ["name", "window"]

    static func registerSortOrders(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: indexes for the name and time window orders") { db in
            try db.execute(sql: """
                CREATE INDEX delivery_by_name ON delivery(name COLLATE NOCASE);
                CREATE INDEX delivery_by_window ON delivery(window);
                """)
        }
    }
}
