import Canvas
import CUnicodeText

/// Terminal column widths per grapheme cluster, agreeing with what ncursesw draws.
///
/// ncursesw measures with the C library's `wcwidth`, which needs a UTF-8
/// locale; the first measurement sets the locale from the environment (falling
/// back to C.UTF-8), as the terminal does before it starts curses.
public enum DisplayWidth {
    private static let localeIsUTF8: Bool = ut_use_environment_locale() == 1

    /// Puts the C library in the environment's UTF-8 locale (or C.UTF-8), which
    /// `wcwidth` and ncursesw both need. Safe to call more than once.
    @discardableResult
    public static func prepareLocale() -> Bool { localeIsUTF8 }

    /// Columns one grapheme cluster takes: the width of its first scalar as
    /// `wcwidth` reports it (0 for combining marks, 2 for wide), clamped to 0…2;
    /// an unprintable scalar counts 1 (the sanitiser replaces it with U+FFFD).
    public static func columns(of grapheme: Character) -> Int {
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        return columns(ofScalar: first.value)
    }

    /// Columns of a grapheme cluster whose first scalar is `value`.
    static func columns(ofScalar value: UInt32) -> Int {
        if value >= 0x20, value < 0x7F { return 1 }
        prepareLocale()
        let w = ut_wcwidth(value)
        if w < 0 { return 1 }
        return Int(min(w, 2))
    }

    /// Columns a whole string takes.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The string as measured graphemes, sanitised first.
    public static func graphemes(of text: String) -> [Grapheme] {
        Sanitizer.sanitize(text).map { Grapheme(String($0), columns: columns(of: $0)) }
    }
}
