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
        fold(String(text))
    }

    /// `text` folded for search, a character at a time, working on its UTF-8
    /// bytes: ASCII is lower-cased in place, a character that is one
    /// standalone scalar (`FoldedScalars`) is looked up in a table, and any
    /// other (a letter with combining marks after it, an emoji sequence, a
    /// scalar beyond the Basic Multilingual Plane) is folded as a `Character`.
    public static func fold(_ text: String) -> String {
        var contiguous = text
        return contiguous.withUTF8 { fold(utf8: $0) }
    }

    /// The text whose UTF-8 is `bytes` (valid UTF-8), folded for search: as
    /// `fold(_:)`, for a caller that built the text as bytes (an import joins
    /// a delivery's fields so, a million times).
    public static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Plain ASCII only needs lower-casing, and is by far the common case.
        guard isASCII(bytes), let source = bytes.baseAddress else { return foldMixed(bytes) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            guard let target = out.baseAddress else { return 0 }
            var index = 0
            while index + 8 <= bytes.count {
                let lowered = ByteWord.asciiLowercased(ByteWord.load(source + index))
                UnsafeMutableRawPointer(target + index).storeBytes(of: lowered.littleEndian, as: UInt64.self)
                index += 8
            }
            for tail in index ..< bytes.count { target[tail] = asciiLowercased(source[tail]) }
            return bytes.count
        }
    }

    /// Whether every byte is ASCII, eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let looked = ByteWord.skip(base, from: 0, to: bytes.count, unmarkedBy: ByteWord.marksNonASCII)
        return !bytes[looked...].contains { $0 >= 0x80 }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// `bytes`, valid UTF-8, folded (see `fold`).
    private static func foldMixed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The text as a String, made the first time a character needs it whole.
        var text: String?
        // Built as UTF-8 bytes: appending to a String a character at a time costs several times more.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            // Runs of ASCII lower-cased eight bytes at a time, all but the last
            // of a run (a combining mark after it would join it).
            if index + 8 <= bytes.count, let base = bytes.baseAddress {
                let word = ByteWord.load(base + index)
                let nonASCII = ByteWord.marksNonASCII(word)
                if nonASCII == 0 {
                    withUnsafeBytes(of: ByteWord.asciiLowercased(word).littleEndian) { out.append(contentsOf: $0.prefix(7)) }
                    index += 7
                    continue
                }
                let run = ByteWord.firstMarked(nonASCII)
                if run > 1 {
                    for offset in 0 ..< run - 1 { out.append(asciiLowercased(base[index + offset])) }
                    index += run - 1
                }
            }
            let (scalar, length) = decodeScalar(in: bytes, at: index)
            let next = index + length
            // Whether the scalar here ends its character: what follows is the end, ASCII or standalone.
            let endsCharacter = next == bytes.count || bytes[next] < 0x80 || standalone(decodeScalar(in: bytes, at: next).value) != nil
            if endsCharacter {
                if scalar < 0x80 {
                    out.append(asciiLowercased(UInt8(scalar)))
                    index = next
                    continue
                }
                if let folded = standalone(scalar) {
                    out.append(contentsOf: folded)
                    index = next
                    continue
                }
            }
            // A character of several scalars, or one the table does not hold: folded whole.
            let whole = text ?? String(decoding: bytes, as: UTF8.self)
            text = whole
            let start = whole.utf8.index(whole.utf8.startIndex, offsetBy: index)
            guard let character = whole[start...].first else { break }
            out.append(contentsOf: fold(character).utf8)
            index += character.utf8.count
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8 `bytes`, and its length in bytes.
    private static func decodeScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
    }

    /// The folding of a standalone scalar beyond ASCII (`FoldedScalars`), nil for any other.
    private static func standalone(_ scalar: UInt32) -> UnsafeBufferPointer<UInt8>? {
        scalar < 0x80 ? nil : foldedScalars.folded(scalar)
    }

    /// The standalone scalars and their foldings, built as text meets them; `TextLengths` asks it which scalars stand alone.
    static let foldedScalars = FoldedScalars(fold: { foldUncached($0) })

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
        /// Keyed by the exact scalars, not by `Character`: canonically equivalent
        /// characters are equal, but Foundation may fold them differently
        /// (marks in another order), and each must fold as Foundation folds it.
        private let known = Mutex<[[UInt8]: String]>([:])
        private static let limit = 1 << 16

        func folded(_ character: Character) -> String {
            let key = Array(character.utf8)
            if let remembered = known.withLock({ $0[key] }) { return remembered }
            let folded = SearchFolding.foldUncached(character)
            known.withLock { known in
                if known.count < Self.limit { known[key] = folded }
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
