import CUnicodeText

/// Makes untrusted text safe to draw, and puts it in the form in which the
/// terminal draws exactly the cells `render` says.
///
/// C0 controls become their Control Pictures (ESC → ␛, CR → ␍, NUL → ␀),
/// DEL → ␡ (`?` for each when the system has no UTF-8 locale); tabs, newlines and line/paragraph separators become spaces; C1
/// controls, bidi overrides, isolates and marks (which could reorder what the
/// user sees), and anything the C library cannot print become U+FFFD.
///
/// Terminals disagree about the width of emoji sequences (a ZWJ family is 2
/// columns in one, 8 in another), and ncurses puts one spacing character and
/// at most four zero-width ones in a cell. So the text is reduced to pieces
/// every terminal measures as `wcwidth` does: zero-width joiners, emoji
/// variation selectors (VS15/VS16), tag characters and skin-tone modifiers
/// after an emoji are dropped (a family shows its members, 👍🏽 shows 👍), and
/// a base keeps at most four zero-width marks (Zalgo text is trimmed). Each
/// spacing character with its marks is then one terminal cell
/// (`DisplayWidth.cells(of:)`).
public enum Sanitizer {
    /// Zero-width scalars a cell may carry after its spacing one: ncurses's
    /// `CCHARW_MAX` (5) less the spacing character.
    static let maximumMarks = 4

    public static func sanitize(_ text: String) -> String {
        // Printable ASCII is by far the common case and needs no work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        DisplayWidth.prepareLocale()
        // Most other text (accents, CJK, plain emoji) is safe too: check before copying.
        var check = State()
        guard text.unicodeScalars.contains(where: { check.step($0) != .keep }) else { return text }
        var out = String.UnicodeScalarView()
        var state = State()
        for scalar in text.unicodeScalars {
            switch state.step(scalar) {
            case .keep: out.append(scalar)
            case .drop: break
            case .replace(let replacement): out.append(replacement)
            }
        }
        return String(out)
    }

    enum Action: Equatable {
        case keep, drop
        case replace(Unicode.Scalar)
    }

    /// What came before, as far as the next scalar's fate depends on it.
    struct State {
        /// Zero-width scalars kept since the last spacing one.
        var marks = 0
        /// The last spacing scalar kept; whether a skin tone modifies it is
        /// only asked when a skin tone comes (a property lookup per scalar would
        /// slow every CJK text down).
        var lastSpacing: Unicode.Scalar?

        mutating func step(_ scalar: Unicode.Scalar) -> Action {
            let afterModifierBase = (0x1F3FB ... 0x1F3FF).contains(scalar.value) && marks == 0
                && lastSpacing?.properties.isEmojiModifierBase == true
            let action = Sanitizer.action(for: scalar, marks: marks, afterModifierBase: afterModifierBase)
            let kept: Unicode.Scalar
            switch action {
            case .drop: return action
            case .keep: kept = scalar
            case .replace(let replacement): kept = replacement
            }
            if DisplayWidth.columns(ofScalar: kept.value) == 0 {
                marks += 1
            } else {
                marks = 0
                lastSpacing = kept
            }
            return action
        }
    }

    static func action(for scalar: Unicode.Scalar, marks: Int, afterModifierBase: Bool) -> Action {
        let value = scalar.value
        switch value {
        case 0x20 ..< 0x7F: return .keep
        case 0x200D, 0xFE0E, 0xFE0F, 0xE0000 ... 0xE007F: return .drop
        case 0x1F3FB ... 0x1F3FF where afterModifierBase: return .drop
        default: break
        }
        if let replacement = replacement(for: scalar) { return .replace(replacement) }
        if marks >= maximumMarks, ut_wcwidth(value) == 0 { return .drop }
        return .keep
    }

    /// What `scalar` is drawn as, or nil when it is safe as it is.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        switch value {
        case 0x20 ..< 0x7F: return nil
        case 0x09, 0x0A, 0x0B, 0x0C, 0x2028, 0x2029: return " "
        // No UTF-8 locale at all: only ASCII can be drawn, so show `?` rather than nothing.
        case _ where !DisplayWidth.prepareLocale(): return "?"
        case 0x00 ... 0x1F: return Unicode.Scalar(0x2400 + value)
        case 0x7F: return "\u{2421}"
        case 0x80 ... 0x9F: return "\u{FFFD}"
        case 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C: return "\u{FFFD}"
        default: return ut_wcwidth(value) < 0 ? "\u{FFFD}" : nil
        }
    }
}
