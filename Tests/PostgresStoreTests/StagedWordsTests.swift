import Foundation
import Model
import PostgresStore
import Store
import TestSupport
import Testing

/// An import into an empty store makes its word table on a second connection
/// and swaps it in within its own transaction (`StagedWords`).
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct StagedWordsTests {
    private typealias Store = PostgresDeliveryStoreTests

    /// The tables whose names begin with `search_`.
    private static func wordTables(_ fixture: PostgresFixture) throws -> String {
        try fixture.cluster.psql(fixture.database, """
            SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class WHERE relname LIKE 'search\\_%' AND relkind = 'r'
            """)
    }

    /// The word index's tables as the migrations make them.
    private static let liveTables = "search_trigram,search_word"

    /// A role of this test's own (roles belong to the whole cluster, which the suites share).
    private static func makeRole(_ fixture: PostgresFixture, _ options: String = "") throws -> String {
        let role = "r_" + UUID().uuidString.prefix(8).lowercased()
        _ = try fixture.cluster.psql(fixture.database, "CREATE ROLE \(role) LOGIN \(options)")
        return role
    }

    /// The ids of the deliveries whose searched text holds `word` (folded already), in order; never none.
    private static func holding(_ word: String, _ deliveries: [Delivery]) -> [String] {
        let ids = deliveries.filter {
            SubstringSearch.searchedText(id: $0.id, name: $0.name, line1: $0.address.line1, line2: $0.address.line2).contains(word)
        }.map(\.id)
        #expect(!ids.isEmpty)
        return ids
    }

    @Test func theStagedWordsAreTheWordsTheTextsGiveWithTheOldTablesOwnerAndGrants() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let reader = try Self.makeRole(fixture)
        _ = try fixture.cluster.psql(fixture.database, """
            GRANT SELECT ON delivery, search_word, search_trigram TO \(reader); GRANT SELECT ON search_word TO PUBLIC
            """)
        let grantsSQL = "SELECT string_agg(relname || ' ' || relacl::text || ' ' || relowner, ',' ORDER BY relname) FROM pg_class WHERE relname IN ('search_word', 'search_trigram')"
        let grants = try fixture.cluster.psql(fixture.database, grantsSQL)
        let migrated = try Store.keys(fixture)
        let deliveries = PostgresFixture.deliveries(count: 3000, seed: 12)
        try store.importManifest(at: try fixture.write(deliveries))
        #expect(try fixture.cluster.psql(fixture.database, grantsSQL) == grants)
        #expect(try Store.trigramListsHoldTheirWords(fixture))
        #expect(try Self.wordTables(fixture) == Self.liveTables)
        #expect(try Store.keys(fixture) == migrated)
        // The same words as a store that made them in its own transaction, from the stored texts.
        let staged = try Store.wordIndex(fixture)
        let other = try PostgresFixture(cluster: fixture.cluster)
        let otherStore = try other.open()
        try otherStore.importManifest(at: try other.write(Array(deliveries.prefix(10))))
        try otherStore.importManifest(at: try other.write(deliveries, name: "all.json"))
        #expect(try Store.wordIndex(other) == staged)
        // The grantee reads the new words and their trigrams.
        #expect(try fixture.cluster.psql(fixture.database, """
            SET ROLE \(reader); SELECT count(*) > 0 FROM search_word, search_trigram WHERE word LIKE '%kingfisher%'
            """) == "t")
    }

    @Test func aSwapTheServerRefusesChangesNothingAndDropsTheStagedTables() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        let migrated = try Store.keys(fixture)
        // A view on the words: the old table cannot be dropped, so the import fails after the words were staged.
        _ = try fixture.cluster.psql(fixture.database, "CREATE VIEW word_list AS SELECT word FROM search_word")
        let deliveries = PostgresFixture.deliveries(count: 2000, seed: 13)
        #expect(throws: StoreError.self) { try store.importManifest(at: try fixture.write(deliveries)) }
        #expect(try store.count() == 0)
        #expect(try Store.keys(fixture) == migrated)
        #expect(try Self.wordTables(fixture) == Self.liveTables)
        _ = try fixture.cluster.psql(fixture.database, "DROP VIEW word_list")
        try store.importManifest(at: try fixture.write(deliveries, name: "again.json"))
        #expect(try store.count() == 2000)
        #expect(try Self.wordTables(fixture) == Self.liveTables)
    }

    @Test func aKilledImportsStagedTablesAreDroppedByTheNext() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        _ = try fixture.cluster.psql(fixture.database, """
            CREATE TABLE search_word_import (LIKE search_word); INSERT INTO search_word_import (id, word, positions) VALUES (1, 'leftover', '\\x00');
            CREATE TABLE search_trigram_import (LIKE search_trigram); INSERT INTO search_trigram_import VALUES (-1, 1, '\\x01')
            """)
        try store.importManifest(at: try fixture.write(PostgresFixture.deliveries(count: 200, seed: 14)))
        #expect(try Self.wordTables(fixture) == Self.liveTables)
        #expect(try fixture.cluster.psql(fixture.database, "SELECT count(*) FROM search_word WHERE word = 'leftover'") == "0")
        #expect(try Store.trigramListsHoldTheirWords(fixture))
    }

    @Test func aSecondConnectionFailingAfterTakingTheWordsLeavesThemToTheImportsTexts() throws {
        let fixture = try PostgresFixture()
        let store = try fixture.open()
        // The staged words' key is refused: the second connection fails after it has copied the words.
        _ = try fixture.cluster.psql(fixture.database, """
            CREATE FUNCTION refuse_staged_key() RETURNS event_trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT FROM pg_event_trigger_ddl_commands() WHERE object_identity = 'public.search_word_import') THEN
                    RAISE EXCEPTION 'no key for the staged words';
                END IF;
            END $$;
            CREATE EVENT TRIGGER refuse_staged_key ON ddl_command_end WHEN TAG IN ('ALTER TABLE') EXECUTE FUNCTION refuse_staged_key();
            """)
        let deliveries = PostgresFixture.deliveries(count: 3000, seed: 16)
        try store.importManifest(at: try fixture.write(deliveries))
        _ = try fixture.cluster.psql(fixture.database, "DROP EVENT TRIGGER refuse_staged_key")
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        #expect(PostgresFixture.rows(try store.search("kingfisher", status: .all)).map(\.id) == Self.holding("kingfisher", deliveries))
        #expect(try Self.wordTables(fixture) == Self.liveTables)
        #expect(try Store.trigramListsHoldTheirWords(fixture))
        // The words an import stages when nothing fails.
        let other = try PostgresFixture(cluster: fixture.cluster)
        try other.open().importManifest(at: try other.write(deliveries))
        #expect(try Store.wordIndex(other) == Store.wordIndex(fixture))
    }

    @Test func withoutASecondConnectionTheImportMakesTheWordsItself() throws {
        let fixture = try PostgresFixture()
        // A role allowed one connection, owning a database of its own: the store's link is its one.
        let lone = try Self.makeRole(fixture, "CONNECTION LIMIT 1")
        let database = "d_" + lone
        _ = try fixture.cluster.psql(fixture.database, "CREATE DATABASE \(database) OWNER \(lone)")
        let url = "postgresql://\(lone)@/\(database)?host=\(fixture.cluster.socketDirectory)&port=\(fixture.cluster.port)"
        let store = try PostgresDeliveryStore(location: PostgresLocation(url: url, environment: [:]), client: nil)
        let deliveries = PostgresFixture.deliveries(count: 1000, seed: 15)
        try store.importManifest(at: try fixture.write(deliveries))
        #expect(PostgresFixture.rows(try store.deliveries()) == deliveries)
        #expect(PostgresFixture.rows(try store.search("kingfisher", status: .all)).map(\.id) == Self.holding("kingfisher", deliveries))
        #expect(try fixture.cluster.psql(database, "SELECT count(*) FROM pg_class WHERE relname LIKE 'search\\_%\\_import'") == "0")
    }
}
