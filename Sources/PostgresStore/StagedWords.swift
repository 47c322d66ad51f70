import Foundation
import Model
import NIOCore
import PostgresNIO
import Store
import Synchronization

/// The word index of an import into an empty store, made beside the
/// import's transaction rather than after its keys: a second connection
/// copies the words and their trigram lists (`SearchWords`) into tables of
/// its own, builds their keys and statistics, and commits them, while the
/// import's connection builds the deliveries' keys. At 10^6 that is about a
/// second of the server's work that would otherwise follow the keys. A
/// merge that changes many rows makes its word index the same way, so that
/// the live tables are locked only for the swap, not while they are refilled.
///
/// The import's transaction then puts the tables in place of `search_word`
/// and `search_trigram` (`swapIn`), keeping the old tables' owners and
/// grants, so the words commit or roll back with the rows. When the import
/// fails, `finish` drops the staged tables; a killed import's are dropped by
/// the next before it stages its own (imports take turns on the deliveries'
/// lock, so no other import is staging meanwhile). When the second
/// connection cannot be had or fails, the words are copied in the import's
/// transaction.
final class StagedWords: Sendable {
    /// The live tables, and the staged ones' names while they are being made (their keys are `<table>_pkey`).
    static let tables = [(live: "search_word", staged: "search_word_import"), (live: "search_trigram", staged: "search_trigram_import")]

    private enum Outcome: Sendable {
        /// The tables are made and committed.
        case staged
        /// The second connection failed before it began to take the chunks: they are all still to come.
        case unstarted
        /// The second connection failed after taking some of the chunks.
        case lost
    }

    /// The words' COPY chunks, as the import encodes them (`SearchWords.send`).
    private let words: BoundedQueue<WordTableChunk>
    private let outcome = BoundedQueue<Outcome>(capacity: 1)
    /// Whether `swapIn` put the staged tables in place.
    private let swapped = Mutex(false)
    private let side = Mutex<PostgresLink?>(nil)

    /// Starts making the tables from the chunks `words` hands over, on a connection of its own to `location`.
    init(location: PostgresLocation, words: BoundedQueue<WordTableChunk>, indexBuildMemory: String) {
        self.words = words
        Thread { self.stage(location: location, indexBuildMemory: indexBuildMemory) }.start()
    }

    private func stage(location: PostgresLocation, indexBuildMemory: String) {
        var taking = false
        do {
            let link = try PostgresLink(location: location)
            side.withLock { $0 = link }
            for table in Self.tables {
                _ = try link.rows(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table.staged)"))
                // No keys: built once the rows are in.
                _ = try link.rows(PostgresQuery(unsafeSQL: "CREATE TABLE \(table.staged) (LIKE \(table.live) INCLUDING STORAGE)"))
            }
            let (words, trigrams) = (Self.tables[0].staged, Self.tables[1].staged)
            taking = true
            try link.withConnection { connection in try SearchWords.copy(from: self.words, into: (words, trigrams), link, connection) }
            // The words' own failure (the queue's end) is the import's: nothing here to commit.
            if self.words.producerError != nil { throw CancellationError() }
            _ = try link.rows(PostgresQuery(unsafeSQL: "SET maintenance_work_mem = '\(indexBuildMemory)'"))
            _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER TABLE \(words) ADD PRIMARY KEY (id)"))
            _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER TABLE \(trigrams) ADD PRIMARY KEY (trigram)"))
            for statement in PostgresSchema.wordStatistics(of: (words, trigrams)) { _ = try link.rows(PostgresQuery(unsafeSQL: statement)) }
            _ = try link.rows(PostgresQuery(unsafeSQL: "ANALYZE \(words), \(trigrams)"))
            _ = outcome.put(.staged)
        } catch {
            _ = outcome.put(taking ? .lost : .unstarted)
        }
        outcome.finish(error: nil)
    }

    /// In the import's transaction: waits for the staged tables and puts
    /// them in place of the live ones, or, when they could not be made,
    /// replaces the words in this transaction: from the chunks when none was
    /// taken, else made again from the stored texts. Throws what encoding the words threw.
    func swapIn(_ link: PostgresLink, _ connection: PostgresConnection) throws {
        let outcome = try outcome.take()
        if let error = words.producerError { throw error }
        switch outcome {
        case .staged?:
            for table in Self.tables {
                _ = try link.rows(PostgresQuery(unsafeSQL: PostgresSchema.keepingOwnerAndGrants(of: table.live, for: table.staged)), on: connection)
                _ = try link.rows(PostgresQuery(unsafeSQL: "DROP TABLE \(table.live)"), on: connection)
                _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER TABLE \(table.staged) RENAME TO \(table.live)"), on: connection)
                // Renaming the key's index renames the constraint with it.
                _ = try link.rows(PostgresQuery(unsafeSQL: "ALTER INDEX \(table.staged)_pkey RENAME TO \(table.live)_pkey"), on: connection)
            }
            swapped.withLock { $0 = true }
        case .unstarted?:
            try SearchWords.replaceTables(from: words, link, connection)
            _ = try link.rows("ANALYZE search_word, search_trigram", on: connection)
        case .lost?:
            words.cancel()
            try SearchWords.reading(link, connection).replaceTables(link, connection)
            _ = try link.rows("ANALYZE search_word, search_trigram", on: connection)
        case nil:
            throw CancellationError()
        }
    }

    /// Once the import's transaction has ended: drops the staged tables unless
    /// they were `committed` in place of the live ones, and closes the second connection.
    func finish(committed: Bool) {
        _ = try? outcome.take()
        guard let link = side.withLock({ $0 }) else { return }
        if !committed || !swapped.withLock({ $0 }) {
            for table in Self.tables { _ = try? link.rows(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table.staged)")) }
        }
        link.close()
    }
}
