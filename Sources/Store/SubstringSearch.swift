import Model

/// Turns what a person types into a query over the folded text (schema v4).
///
/// The query is folded (`SearchFolding`) and split at spaces; every word
/// must appear somewhere in the id, name or address, inside words too
/// ("strasse" finds "Bahnhofstraße"). A word of three or more characters is
/// a trigram phrase, answered by the index; a shorter one (one or two
/// letters, a two-character Chinese word) is checked as a substring of the
/// folded column, in the rows the longer words found, or in every row when
/// there are none (a scan, as an index of one- and two-character runs would
/// cost more than it saves).
public enum SubstringSearch {
    /// The words of what a person typed, as every store matches them: split
    /// at spaces and folded, private-use characters dropped (the SQLite
    /// index's status tokens are made of them, so no query may hold one).
    public static func words(_ text: String) -> [String] {
        SearchFolding.words(of: text).map { $0.filter { !isPrivateUse($0) } }.filter { !$0.isEmpty }
    }

    /// What search looks in: the id, name and address folded, one per line
    /// (the second address line after a space), exactly as the SQLite store
    /// builds `searchFolded` in SQL; a store without `idm_fold` stores this.
    public static func searchedText(id: String, name: String, line1: String, line2: String?) -> String {
        SearchFolding.fold(id + "\n" + name + "\n" + line1 + (line2.map { " " + $0 } ?? ""))
    }

    /// The rows `text` finds under `status`, or nil when the text has no words (then: the status alone).
    static func query(for text: String, status: DeliveryStatus?) -> RowQuery? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        let long = words.filter { $0.count >= 3 }
        let short = words.filter { $0.count < 3 }
        if long.isEmpty {
            var condition = Array(repeating: "instr(searchFolded, ?) > 0", count: short.count).joined(separator: " AND ")
            var arguments = short
            if let status {
                condition += " AND status = ?"
                arguments.append(status.rawValue)
            }
            return RowQuery(table: "delivery", column: "position", condition: condition, arguments: arguments, readsEachRow: true)
        }
        var phrases = long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        if let status { phrases.append("\"" + StoreSchema.statusToken(status) + "\"") }
        var condition = "delivery_trigram MATCH ?"
        for _ in short {
            condition += " AND EXISTS (SELECT 1 FROM delivery WHERE position = delivery_trigram.rowid AND instr(searchFolded, ?) > 0)"
        }
        return RowQuery(
            table: "delivery_trigram", column: "rowid", condition: condition,
            arguments: [phrases.joined(separator: " ")] + short, readsEachRow: !short.isEmpty)
    }

    private static func isPrivateUse(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0xE000 ... 0xF8FF).contains($0.value) }
    }
}
