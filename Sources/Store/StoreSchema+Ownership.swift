import GRDB

/// Schema v10: every status change says who made it (issue 34, "ownership
/// of changes"): the browser's client id and its user's login name.
///
/// An undo does not delete the change it takes back: it is logged as a
/// change of its own (`undoes` names the change taken back, whose
/// `undoneBy` names the undo), so the log keeps everything everyone did,
/// and the next `u` goes one further back among its maker's changes.
/// Changes logged before v10 have no author: nobody's `u` takes them back.
extension StoreSchema {
    static func registerOwnership(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10: status changes by author, undos logged") { db in
            try db.execute(sql: """
                ALTER TABLE status_change ADD COLUMN clientID TEXT;
                ALTER TABLE status_change ADD COLUMN userName TEXT;
                ALTER TABLE status_change ADD COLUMN undoes INTEGER;
                ALTER TABLE status_change ADD COLUMN undoneBy INTEGER;
                CREATE INDEX status_change_by_client ON status_change(clientID, sequence);
                CREATE INDEX status_change_by_delivery ON status_change(deliveryID, sequence);
                """)
        }
    }
}
