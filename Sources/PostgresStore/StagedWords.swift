import Foundation
import NIOCore
import PostgresNIO
import Store
import Synchronization

/// The word table of an import into an empty store, made beside the import's
/// transaction rather than after its keys: a second connection copies the
/// words into a table of its own, builds its trigram index and statistics,
/// and commits them, while the import's connection builds the deliveries'
/// keys. At 10^6 that is about 3 s of the server's work (the trigram index
/// is not built in parallel by PostgreSQL 15) that would otherwise follow the
/// keys on one core while the other waits.
///
/// The import's transaction then puts the table in place of `search_word`
/// (`swapIn`), keeping the old table's owner and grants, so the words commit
/// or roll back with the rows. When the import fails, `finish` drops the
/// staged table; a killed import's is dropped by the next before it stages
/// its own (imports take turns on the deliveries' lock, so no other import
/// is staging meanwhile). When the second connection cannot be had or fails,
/// the words are copied and indexed in the import's transaction, as a merge
/// does.
final class StagedWords: Sendable {
    /// The staged table's name while it is being made; its index is `<table>_trigram`.
    static let table = "search_word_import"

    private enum Outcome: Sendable {
        /// The table is made and committed.
        case staged
        /// The second connection failed; the words, when they had been taken, are handed back.
        case unstaged(chunks: [ByteBuffer]?)
    }

    /// The words' COPY chunks, as the import encodes them.
    private let words: BoundedQueue<[ByteBuffer]>
    private let outcome = BoundedQueue<Outcome>(capacity: 1)
    private let side = Mutex<PostgresLink?>(nil)

    /// Starts making the table from the chunks `words` hands over (`SearchWords.copyChunks`), on a connection of its own to `location`.
    init(location: PostgresLocation, words: BoundedQueue<[ByteBuffer]>, indexBuildMemory: String) {
        self.words = words
        Thread { self.stage(location: location, indexBuildMemory: indexBuildMemory) }.start()
    }

    private func stage(location: PostgresLocation, indexBuildMemory: String) {
        let table = Self.table
        var chunks: [ByteBuffer]?
        do {
            let link = try PostgresLink(location: location)
            side.withLock { $0 = link }
            _ = try link.rows(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"))
            _ = try link.rows(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (LIKE search_word INCLUDING STORAGE)"))
            chunks = try words.take()
            guard let chunks else { throw CancellationError() }
            try link.withConnection { connection in try SearchWords.copy(chunks, into: table, link, connection) }
            _ = try link.rows(PostgresQuery(unsafeSQL: "SET maintenance_work_mem = '\(indexBuildMemory)'"))
            _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.wordIndex(on: table)))
            _ = try link.rows(PostgresQuery(unsafeSQL: "ANALYZE \(table)"))
            _ = outcome.put(.staged)
        } catch {
            _ = outcome.put(.unstaged(chunks: chunks))
        }
        outcome.finish(error: nil)
    }

    /// In the import's transaction: waits for the staged table and puts it
    /// in place of `search_word`, or, when it could not be made, replaces the
    /// words in this transaction. Throws what encoding the words threw.
    func swapIn(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        switch try outcome.take() {
        case .staged?:
            _ = try link.rows(PostgresQuery(unsafeSQL: Self.keepingOwnerAndGrants), on: connection)
            _ = try link.rows("DROP TABLE search_word", on: connection)
            _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER TABLE \(Self.table) RENAME TO search_word"), on: connection)
            _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER INDEX \(Self.table)_trigram RENAME TO search_word_trigram"), on: connection)
        case .unstaged(let chunks)?:
            // The words' own failure is the import's; the second connection's is not.
            guard let chunks = try chunks ?? words.take() else { throw CancellationError() }
            try SearchWords.replaceTable(with: chunks, link, connection)
            _ = try link.rows("ANALYZE search_word", on: connection)
        case nil:
            throw CancellationError()
        }
    }

    /// Once the import's transaction has ended: drops the staged table unless
    /// it was `committed` in place of `search_word`, and closes the second connection.
    func finish(committed: Bool) {
        _ = try? outcome.take()
        guard let link = side.withLock({ $0 }) else { return }
        if !committed { _ = try? link.rows(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(Self.table)")) }
        link.close()
    }

    /// Gives the staged table `search_word`'s owner and every grant it holds
    /// for others, so a team's roles read the new words as they read the old.
    private static let keepingOwnerAndGrants = """
        DO $$
        DECLARE
            old regclass := 'search_word'::regclass;
            new regclass := '\(table)'::regclass;
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
