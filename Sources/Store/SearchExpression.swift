/// Turns what a person types into an FTS5 query: every word a prefix, all words required.
///
/// Words are runs of letters and digits, so punctuation in the input (an id's
/// hyphen, quotes, FTS5 operators) can never become query syntax: "DLV-00"
/// finds "DLV-0012" as `"DLV"* "00"*`.
enum SearchExpression {
    /// The FTS5 MATCH expression for `text`, or nil when it has no words.
    static func match(for text: String) -> String? {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
