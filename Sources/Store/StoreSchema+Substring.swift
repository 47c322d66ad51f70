import GRDB
import Model

/// The migrations behind search that finds text inside words, with folding,
/// in the order an older store runs them.
///
/// What they leave: `delivery.searchFolded` holds the id, name and address
/// folded by `SearchFolding` (through the `idm_fold` SQL function every
/// connection registers), one per line, kept by triggers with every insert,
/// upsert and status change; `status_count` holds the number of deliveries
/// of each status; the word index (`SearchWordIndex`) is built from
/// `searchFolded`, with the words' trigrams as lists of word ids
/// (`WordTrigrams`). The tables of the intermediate steps (a contentless
/// FTS5 `trigram` index over whole texts with a status token, an FTS5 index
/// over the words) are made and dropped here so that every older store
/// reaches the same schema step by step.
extension StoreSchema {
    static func registerSubstringSearch(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: folded text and a trigram index for substring search") { db in
            try db.execute(sql: """
                ALTER TABLE delivery ADD COLUMN searchFolded TEXT;
                CREATE VIRTUAL TABLE delivery_trigram USING fts5(
                    text, content = '', tokenize = 'trigram', columnsize = 0
                );
                """)
            try db.execute(sql: rebuildSubstring)
            try db.execute(sql: substringTriggers)
        }
        migrator.registerMigration("v6: deliveries per status kept by triggers") { db in
            try db.execute(sql: """
                CREATE TABLE status_count (status TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
                INSERT INTO status_count(status, count)
                    VALUES ('pending', 0), ('out_for_delivery', 0), ('delivered', 0), ('failed', 0);
                UPDATE status_count SET count = (SELECT count(*) FROM delivery WHERE delivery.status = status_count.status);
                """)
            try db.execute(sql: statusCountTriggers)
        }
        migrator.registerMigration("v7: the word index no search reads dropped") { db in
            // The word index cost an import as much as the trigram index did.
            // A killed import's staged copy of it, or the one an import retired,
            // would no longer be known as a leftover: they go now too.
            try db.execute(sql: dropSearchTriggers)
            for table in ["delivery_search", "staged_delivery_search", "retired_delivery_search"] {
                try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
            }
            try db.execute(sql: """
                ALTER TABLE delivery DROP COLUMN searchName;
                ALTER TABLE delivery DROP COLUMN searchAddress;
                """)
        }
        migrator.registerMigration("v8: a word index with trigrams over the words replaces the trigram index over whole texts") { db in
            // The trigram index over every text was most of a large import's
            // cost (`SearchWordIndex`). What a killed import staged of it, or
            // the one an import retired, would no longer be known as leftovers.
            try db.execute(sql: "DROP TRIGGER delivery_trigram_update")
            for table in ["delivery_trigram", "staged_delivery_trigram", "retired_delivery_trigram"] {
                try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
            }
            try db.execute(sql: """
                CREATE TABLE search_word (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, positions BLOB NOT NULL);
                CREATE VIRTUAL TABLE search_word_trigram USING fts5(
                    word, content = '', tokenize = 'trigram case_sensitive 1', columnsize = 0, detail = none
                );
                """)
            try SearchWordIndex.buildWords(db)
            try db.execute(sql: "INSERT INTO search_word_trigram(rowid, word) SELECT id, word FROM search_word")
        }
        migrator.registerMigration("v9: the words' trigrams as lists of word ids replace their FTS5 index and the words' own index") { db in
            // FTS5 costs a large import far more than the few thousand lists
            // it holds need (`WordTrigrams`). What a killed import staged of
            // it, or the one an import retired, would no longer be known as
            // leftovers.
            for table in ["search_word_trigram", "staged_search_word_trigram", "retired_search_word_trigram"] {
                try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
            }
            // Words are found through the lists: their own unique index goes.
            try db.execute(sql: """
                CREATE TABLE search_word_v9 (id INTEGER PRIMARY KEY, word TEXT NOT NULL, positions BLOB NOT NULL);
                INSERT INTO search_word_v9 SELECT id, word, positions FROM search_word;
                DROP TABLE search_word;
                ALTER TABLE search_word_v9 RENAME TO search_word;
                """)
            try db.execute(sql: SearchWordIndex.trigramTable)
            try SearchWordIndex.buildTrigrams(db)
        }
    }

    /// The SQL function that folds text as `SearchFolding.fold` does; every connection of a store registers it.
    static let foldFunction = DatabaseFunction("idm_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(SearchFolding.fold)
    }

    private static func statusTokenSQL(_ column: String) -> String {
        let cases = DeliveryStatus.allCases.enumerated().map { index, status in
            "WHEN '\(status.rawValue)' THEN char(57344, 57344, \(57345 + index))"
        }.joined(separator: " ")
        return "(CASE \(column) \(cases) ELSE '' END)"
    }

    /// The folded id, name and address of `row`, one per line.
    private static func foldedSQL(_ row: String) -> String {
        "idm_fold(\(row).id || char(10) || \(row).name || char(10) || \(row).line1 || coalesce(' ' || \(row).line2, ''))"
    }

    /// What the trigram index holds for `row`: its folded text and its status token.
    private static func trigramTextSQL(_ row: String) -> String {
        "\(row).searchFolded || char(10) || \(statusTokenSQL("\(row).status"))"
    }

    /// `status_count` holds how many deliveries have each status, kept by
    /// these triggers, so the overview of the whole store is four rows read
    /// rather than a million counted.
    static let statusCountTriggers = """
        CREATE TRIGGER delivery_count_insert AFTER INSERT ON delivery BEGIN
            UPDATE status_count SET count = count + 1 WHERE status = new.status;
        END;
        CREATE TRIGGER delivery_count_update AFTER UPDATE OF status ON delivery WHEN old.status IS NOT new.status BEGIN
            UPDATE status_count SET count = count - 1 WHERE status = old.status;
            UPDATE status_count SET count = count + 1 WHERE status = new.status;
        END;
        CREATE TRIGGER delivery_count_delete AFTER DELETE ON delivery BEGIN
            UPDATE status_count SET count = count - 1 WHERE status = old.status;
        END;
        """

    /// What `searchFolded` holds for a delivery: exactly what the triggers'
    /// `foldedSQL` computes, so that a staged import can fold on its reading
    /// thread (and gather the words there). The triggers join the columns in SQL and `idm_fold` receives the
    /// result as a C string, so it folds the text up to the first NUL.
    static func folded(id: String, name: String, address: Address) -> String {
        SubstringSearch.searchedText(id: id, name: name, line1: address.line1, line2: address.line2, upToNUL: true)
    }

    /// Folds every row again and fills the trigram index from scratch.
    static let rebuildSubstring = """
        UPDATE delivery SET searchFolded = \(foldedSQL("delivery"));
        INSERT INTO delivery_trigram(delivery_trigram) VALUES ('delete-all');
        INSERT INTO delivery_trigram(rowid, text) SELECT position, \(trigramTextSQL("delivery")) FROM delivery;
        """

    static let substringTriggers = """
        CREATE TRIGGER delivery_fold_insert AFTER INSERT ON delivery BEGIN
            UPDATE delivery SET searchFolded = \(foldedSQL("new")) WHERE position = new.position;
        END;
        CREATE TRIGGER delivery_fold_update AFTER UPDATE OF id, name, line1, line2 ON delivery
        WHEN old.id IS NOT new.id OR old.name IS NOT new.name OR old.line1 IS NOT new.line1 OR old.line2 IS NOT new.line2
        BEGIN
            UPDATE delivery SET searchFolded = \(foldedSQL("new")) WHERE position = new.position;
        END;
        CREATE TRIGGER delivery_trigram_update AFTER UPDATE OF searchFolded, status ON delivery
        WHEN old.searchFolded IS NOT new.searchFolded OR old.status IS NOT new.status
        BEGIN
            INSERT INTO delivery_trigram(delivery_trigram, rowid, text)
                SELECT 'delete', old.position, \(trigramTextSQL("old")) WHERE old.searchFolded IS NOT NULL;
            INSERT INTO delivery_trigram(rowid, text)
                SELECT new.position, \(trigramTextSQL("new")) WHERE new.searchFolded IS NOT NULL;
        END;
        """
}
