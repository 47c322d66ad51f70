import Canvas
import CUnicodeText

/// Terminal column widths, agreeing cell for cell with what ncursesw and the
/// terminal draw.
///
/// ncursesw measures with the C library's `wcwidth`, which needs a UTF-8
/// locale; the first measurement sets the locale from the environment (falling
/// back to C.UTF-8), as the terminal does before it starts curses.
///
/// A terminal cell holds one spacing character and the zero-width ones after
/// it, so a grapheme cluster of sanitised text is measured as the cells it
/// fills: 🇯🇵 (two regional indicators) is two cells of one column, Thai
/// สำ two cells, Devanagari क्ष two; e + ◌́ is one. `Sanitizer` has already
/// reduced emoji sequences to pieces every terminal measures this way.
public enum DisplayWidth {
    private static let localeIsUTF8: Bool = ut_use_environment_locale() == 1

    /// Puts the C library in the environment's UTF-8 locale (or C.UTF-8), which
    /// `wcwidth` and ncursesw both need. Safe to call more than once.
    @discardableResult
    public static func prepareLocale() -> Bool { localeIsUTF8 }

    /// Columns one grapheme cluster takes once sanitised: the sum of its cells.
    public static func columns(of grapheme: Character) -> Int {
        let scalars = grapheme.unicodeScalars
        if scalars.count == 1, let only = scalars.first, Sanitizer.action(for: only, marks: 0, afterModifierBase: false) == .keep {
            return columns(ofScalar: only.value)
        }
        return Sanitizer.sanitize(String(grapheme)).reduce(0) { $0 + columnsOfSanitized($1) }
    }

    /// Columns of a cluster that is already sanitised: one per cell, each its
    /// spacing scalar's width.
    static func columnsOfSanitized(_ grapheme: Character) -> Int {
        var total = 0
        for scalar in grapheme.unicodeScalars { total += columns(ofScalar: scalar.value) }
        return total
    }

    /// Columns of one scalar as `wcwidth` reports it (0 for combining marks,
    /// 2 for wide), clamped to 0…2; an unprintable scalar counts 1 (the
    /// sanitiser replaces it with U+FFFD).
    static func columns(ofScalar value: UInt32) -> Int {
        if value >= 0x20, value < 0x7F { return 1 }
        prepareLocale()
        let w = ut_wcwidth(value)
        if w < 0 { return 1 }
        return Int(min(w, 2))
    }

    /// Columns a whole string takes once sanitised.
    public static func columns(of text: some StringProtocol) -> Int {
        Sanitizer.sanitize(String(text)).reduce(0) { $0 + columnsOfSanitized($1) }
    }

    /// The terminal cells of one sanitised grapheme cluster: each spacing
    /// scalar with the zero-width scalars after it, and its width. Zero-width
    /// scalars before the first spacing one make a cell of 0 columns, which
    /// the grid leaves out.
    public static func cells(of grapheme: Character) -> [Grapheme] {
        let scalars = grapheme.unicodeScalars
        if scalars.count == 1, let only = scalars.first {
            return [Grapheme(String(grapheme), columns: columns(ofScalar: only.value))]
        }
        var cells: [Grapheme] = []
        var current = String.UnicodeScalarView()
        var width = 0
        for scalar in scalars {
            let w = columns(ofScalar: scalar.value)
            if w > 0, !current.isEmpty {
                cells.append(Grapheme(String(current), columns: width))
                current = String.UnicodeScalarView()
            }
            if w > 0 { width = w } else if current.isEmpty { width = 0 }
            current.append(scalar)
        }
        if !current.isEmpty { cells.append(Grapheme(String(current), columns: width)) }
        return cells
    }

    /// The cells of a measured grapheme (one, unless it holds several
    /// spacing characters). A zero-width character after a spacing one stays
    /// in its cell (the left-to-right mark `VisualOrder.markingIsolate` adds
    /// to a space): alone it would be a cell of no columns, which `Frame.put` drops.
    public static func cells(of grapheme: Grapheme) -> [Grapheme] {
        guard grapheme.text.unicodeScalars.count > 1 else { return [grapheme] }
        var out: [Grapheme] = []
        for cell in grapheme.text.flatMap({ cells(of: $0) }) {
            if cell.columns == 0, let last = out.last, last.columns > 0 {
                out[out.count - 1] = Grapheme(last.text + cell.text, columns: last.columns)
            } else {
                out.append(cell)
            }
        }
        return out
    }

    /// The string as measured cells, sanitised first.
    public static func graphemes(of text: String) -> [Grapheme] {
        Sanitizer.sanitize(text).flatMap { cells(of: $0) }
    }
}
