import Foundation
import Synchronization

/// How search compares text: case, diacritics and width ignored, and the
/// letters that do not decompose spelled as their base letters, so that
/// "strasse" finds "Straße", "lodz" finds "Łódź", "aero" finds "Ærø" and
/// "αθηνα" finds "Αθήνα". The store indexes text folded this way, queries are
/// folded the same way, and the screens use it to find what to highlight.
public enum SearchFolding {
    /// `text` folded for search.
    public static func fold(_ text: some StringProtocol) -> String {
        // Plain ASCII only needs lower-casing, and is by far the common case.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        // Built as UTF-8 bytes: appending to a String a character at a time costs several times more.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            let utf8 = character.utf8
            // One byte: ASCII, lower-cased in place (CR LF is one character of two bytes, and stays as it is).
            if utf8.count == 1, let byte = utf8.first {
                out.append((0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte)
            } else if character.isASCII {
                out.append(contentsOf: character.lowercased().utf8)
            } else {
                out.append(contentsOf: foldedCharacters.folded(character).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One character folded: possibly several (ß → ss) or none (a lone combining mark).
    public static func fold(_ character: Character) -> String {
        if character.isASCII { return character.lowercased() }
        return foldedCharacters.folded(character)
    }

    /// Foundation's folding of one character costs microseconds, and an
    /// import folds millions of them, but few distinct ones: each is folded
    /// once and remembered (up to a bound, so hostile text cannot grow it without end).
    private static let foldedCharacters = FoldedCharacters()

    private final class FoldedCharacters: Sendable {
        private let known = Mutex<[Character: String]>([:])
        private static let limit = 1 << 16

        func folded(_ character: Character) -> String {
            if let remembered = known.withLock({ $0[character] }) { return remembered }
            let folded = SearchFolding.foldUncached(character)
            known.withLock { known in
                if known.count < Self.limit { known[character] = folded }
            }
            return folded
        }
    }

    /// A character beyond ASCII folded by Foundation, and the letters it leaves alone by `special`.
    private static func foldUncached(_ character: Character) -> String {
        if let special = special[character] { return special }
        let folded = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        // The folding leaves some letters as they are; map the result again (Ǿ → ø → o).
        return String(folded.flatMap { special[$0] ?? String($0) })
    }

    /// Letters without a decomposition, and what they fold to.
    static let special: [Character: String] = [
        "ß": "ss", "ẞ": "ss", "Ł": "l", "ł": "l", "Ø": "o", "ø": "o", "Æ": "ae", "æ": "ae",
        "Œ": "oe", "œ": "oe", "Đ": "d", "đ": "d", "Ð": "d", "ð": "d", "Þ": "th", "þ": "th",
        "ı": "i", "İ": "i", "ς": "σ", "Ħ": "h", "ħ": "h", "Ŧ": "t", "ŧ": "t", "ĸ": "k",
    ]

    /// The ranges of `text` whose folded form contains a folded `word`, for
    /// highlighting: each range is a run of whole characters of `text`.
    public static func matches(of word: String, in text: [String]) -> [Range<Int>] {
        let needle = Array(fold(word))
        guard !needle.isEmpty else { return [] }
        // The folded text, and for each of its characters the piece of `text` it came from.
        var folded: [Character] = []
        var origin: [Int] = []
        for (index, piece) in text.enumerated() {
            for character in fold(piece) {
                folded.append(character)
                origin.append(index)
            }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= folded.count {
            if folded[start ..< start + needle.count].elementsEqual(needle) {
                ranges.append(origin[start] ..< origin[start + needle.count - 1] + 1)
                start += needle.count
            } else {
                start += 1
            }
        }
        return ranges
    }

    /// The words of a query as search matches them: split at spaces, folded.
    public static func words(of query: String) -> [String] {
        query.split(whereSeparator: { $0.isWhitespace }).map { fold($0) }.filter { !$0.isEmpty }
    }
}
