/// Folds text for substring search as the SQLite store's index folds it
/// (`unicode61 remove_diacritics 2`): case is ignored, and so are accents on
/// Latin letters ("Zoë" finds "zoe", "ÉCOLE" finds "ecole"), while marks that
/// are part of other scripts (Japanese dakuten, Devanagari vowel signs) stay.
///
/// The stored `search_text` and the typed words are folded by this one
/// function, so what matches does not depend on the server's locale.
enum SearchFolding {
    static func fold(_ text: String) -> String {
        // Most text is ASCII: lower-case it byte by byte (an import folds a million rows).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String.UnicodeScalarView()
        var previousIsLatin = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            let value = scalar.value
            if previousIsLatin, isCombiningMark(value) { continue }
            previousIsLatin = isLatin(value)
            if let replacement = letters[value] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
    }

    /// Latin letters that carry their accent in the letter itself, not as a mark.
    private static let letters: [UInt32: String] = [
        0x00D8: "o", 0x00F8: "o", 0x0141: "l", 0x0142: "l", 0x0110: "d", 0x0111: "d",
        0x00C6: "ae", 0x00E6: "ae", 0x0152: "oe", 0x0153: "oe", 0x00DF: "ss", 0x0131: "i",
        0x00D0: "d", 0x00F0: "d", 0x00DE: "th", 0x00FE: "th", 0x0126: "h", 0x0127: "h",
    ]

    private static func isLatin(_ value: UInt32) -> Bool {
        (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value)
            || (0x1E00...0x1EFF).contains(value)
    }

    private static func isCombiningMark(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
    }

    /// The words of what a person typed: runs of letters and digits, folded.
    /// Punctuation only separates, so it can never become pattern syntax.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in fold(text) {
            if character.isLetter || character.isNumber || character.unicodeScalars.contains(where: { isCombiningMark($0.value) }) {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// A LIKE pattern finding `word` anywhere (`%`, `_` and `\` in it escaped).
    static func likePattern(_ word: String) -> String {
        var pattern = "%"
        for character in word {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
