import GRDB

/// Schema v11: a store that is a team's replica (issue 33). The same store
/// as ever, plus what the sync engine keeps beside the deliveries:
///
/// - `sync_state`: which hub this replica copies (`hub`: the hub's identity,
///   `address`: where it is, fit to print) and how far it has read the
///   hub's change feed (`position`). A store without a `hub` row is no
///   replica: its changes go nowhere else.
/// - `outbox`: the status changes made here that the hub has not
///   acknowledged, oldest first. `StatusLog` writes a change's row in the
///   same transaction as the change itself, so nothing said "saved here"
///   can be lost by a crash or a signal. `changeID` is the idempotency key:
///   a resend after a lost acknowledgement is applied once.
/// - `conflict`: changes the hub refused because the delivery had changed
///   since (someone else's newer change stays), kept until their maker has
///   seen them (`seenAt`).
extension StoreSchema {
    static func registerReplica(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: replica of a team hub: sync state, outbox, conflicts") { db in
            try db.execute(sql: """
                CREATE TABLE sync_state (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
                CREATE TABLE outbox (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    changeID TEXT NOT NULL UNIQUE,
                    deliveryID TEXT NOT NULL,
                    basedOn TEXT NOT NULL,
                    status TEXT NOT NULL,
                    madeAt REAL NOT NULL,
                    clientID TEXT NOT NULL,
                    userName TEXT NOT NULL
                );
                CREATE INDEX outbox_by_delivery ON outbox(deliveryID, sequence);
                CREATE TABLE conflict (
                    changeID TEXT PRIMARY KEY,
                    deliveryID TEXT NOT NULL,
                    mine TEXT NOT NULL,
                    basedOn TEXT NOT NULL,
                    madeAt REAL NOT NULL,
                    clientID TEXT NOT NULL,
                    kept TEXT NOT NULL,
                    keptBy TEXT,
                    keptAt REAL,
                    seenAt REAL
                );
                """)
        }
    }

    /// The outbox row of a status change just logged, written in the same
    /// statement's transaction, and only when the store is a replica.
    static let outboxInsert = """
        INSERT INTO outbox(changeID, deliveryID, basedOn, status, madeAt, clientID, userName)
        SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sync_state WHERE key = 'hub')
        """
}
