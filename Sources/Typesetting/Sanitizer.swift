import CUnicodeText

/// Makes untrusted text safe to draw: no control character, bidi control or
/// unprintable code point ever reaches the terminal raw.
///
/// C0 controls become their Control Pictures (ESC → ␛, CR → ␍), DEL → ␡;
/// tabs, newlines and line/paragraph separators become spaces; C1 controls,
/// bidi overrides, isolates and marks (which could reorder what the user
/// sees), and anything the C library cannot print become U+FFFD.
public enum Sanitizer {
    public static func sanitize(_ text: String) -> String {
        // Printable ASCII is by far the common case and needs no work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        DisplayWidth.prepareLocale()
        // Most other text (accents, CJK, emoji) is safe too: check before copying.
        guard text.unicodeScalars.contains(where: { replacement(for: $0) != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(replacement(for: scalar) ?? scalar)
        }
        return String(out)
    }

    /// What `scalar` is drawn as, or nil when it is safe as it is.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        switch value {
        case 0x20 ..< 0x7F: return nil
        case 0x09, 0x0A, 0x0B, 0x0C, 0x2028, 0x2029: return " "
        case 0x00 ... 0x1F: return Unicode.Scalar(0x2400 + value)
        case 0x7F: return "\u{2421}"
        case 0x80 ... 0x9F: return "\u{FFFD}"
        case 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C: return "\u{FFFD}"
        default: return ut_wcwidth(value) < 0 ? "\u{FFFD}" : nil
        }
    }
}
