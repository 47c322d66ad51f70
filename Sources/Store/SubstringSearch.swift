import Model

/// Turns what a person types into the words every store searches for.
///
/// The query is folded (`SearchFolding`) and split at spaces; every word
/// must appear somewhere in the id, name or address, inside words too
/// ("strasse" finds "Bahnhofstraße"). The SQLite store answers through its
/// word index (`SearchWordIndex`), the PostgreSQL store through its own.
public enum SubstringSearch {
    /// The words of what a person typed, as every store matches them: split
    /// at spaces and folded, private-use characters dropped (indexes have
    /// used them for status tokens, so no query holds one).
    public static func words(_ text: String) -> [String] {
        SearchFolding.words(of: text).map { $0.filter { !isPrivateUse($0) } }.filter { !$0.isEmpty }
    }

    /// What search looks in: the id, name and address folded, one per line
    /// (the second address line after a space), exactly as the SQLite store
    /// builds `searchFolded` in SQL; a store without `idm_fold` stores this.
    public static func searchedText(id: String, name: String, line1: String, line2: String?) -> String {
        SearchFolding.fold(id + "\n" + name + "\n" + line1 + (line2.map { " " + $0 } ?? ""))
    }

    private static func isPrivateUse(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0xE000 ... 0xF8FF).contains($0.value) }
    }
}
