/// Scripts written without spaces between words (Chinese, Japanese, Korean),
/// which the search index treats one character at a time.
///
/// FTS5's `unicode61` tokenizer takes a whole run of such characters as one
/// word, so "世田谷" could not be found inside "東京都世田谷区". Spacing the
/// characters out for the index makes each one a word. Searches are
/// answered by the word index (`SearchWordIndex`), which does not need this;
/// it is kept for the early migrations that fill that FTS5 index, which an
/// old store still runs on its way up.
enum UnspacedScript {
    /// Han ideographs and their marks (々〆〇), kana, and Hangul syllables.
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005 ... 0x3007, 0x3040 ... 0x30FF, 0x31F0 ... 0x31FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
             0xAC00 ... 0xD7AF, 0xF900 ... 0xFAFF, 0xFF66 ... 0xFF9F, 0x20000 ... 0x3134F:
            true
        default:
            false
        }
    }

    static func contains(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(contains) ?? false
    }

    /// `text` with a space on each side of every such character, as the index
    /// stores it; nil when it has none, which is nearly every Latin row.
    static func spacedOut(_ text: String) -> String? {
        // Every such character is encoded from lead byte 0xE3 up: a byte scan
        // settles most rows without decoding them.
        guard text.utf8.contains(where: { $0 >= 0xE3 }), text.unicodeScalars.contains(where: contains) else { return nil }
        var spaced = ""
        spaced.reserveCapacity(text.utf8.count * 2)
        for character in text {
            if contains(character) {
                spaced.append(" ")
                spaced.append(character)
                spaced.append(" ")
            } else {
                spaced.append(character)
            }
        }
        return spaced
    }
}
