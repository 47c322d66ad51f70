import Model

/// Turns what a person types into an FTS5 query.
///
/// Words are runs of letters and digits, so punctuation in the input (an id's
/// hyphen, quotes, FTS5 operators) can never become query syntax. Every word
/// must be found; a word the person has finished (something follows it) must
/// match a whole word, and the word still being typed matches as a prefix:
/// "DLV-00" is `"DLV" "00"*`, "feng w" is `"feng" "w"*`. Finished words are
/// exact because prefix terms cost time in proportion to the rows they match.
/// A character of an `UnspacedScript` is a word of its own, as in the index:
/// "世田谷" is `"世" "田" "谷"`, and `UnspacedScript.runs` adds that the three
/// must stand together.
enum SearchExpression {
    /// The FTS5 MATCH expression for `text` (and a status, as its status word),
    /// or nil when there is nothing to match.
    static func match(for text: String, status: DeliveryStatus? = nil) -> String? {
        var terms: [String] = []
        var word = ""
        for character in text {
            if UnspacedScript.contains(character) {
                if !word.isEmpty { terms.append("\"\(word)\"") }
                word = ""
                terms.append("\"\(character)\"")
            } else if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                terms.append("\"\(word)\"")
                word = ""
            }
        }
        if !word.isEmpty { terms.append("\"\(word)\"*") }
        guard !terms.isEmpty else { return nil }
        if let status { terms.append("\"\(StoreSchema.statusWord(status.rawValue))\"") }
        return terms.joined(separator: " ")
    }
}
