import Canvas
import CUnicodeText

/// Terminal column widths per grapheme cluster, agreeing with what ncursesw draws.
public enum DisplayWidth {
    /// Columns one grapheme cluster takes: the width of its first scalar as
    /// `wcwidth` reports it (0 for combining marks, 2 for wide), clamped to 0…2.
    public static func columns(of grapheme: Character) -> Int {
        _ = localeIsUTF8  // wcwidth answers -1 for all non-ASCII in the C locale
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        let w = ut_wcwidth(first.value)
        if w < 0 { return 1 }
        if grapheme.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
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

extension DisplayWidth {
    /// Puts the C library in the environment's UTF-8 locale (or C.UTF-8), which
    /// `wcwidth` and ncursesw both need. Safe to call more than once.
    @discardableResult
    public static func prepareLocale() -> Bool { localeIsUTF8 }

    static let localeIsUTF8: Bool = ut_use_environment_locale() == 1
}
