import Canvas
import CNcursesw

/// The wide characters one cell is drawn with: its spacing character and the
/// zero-width ones after it, as `setcchar` takes them.
///
/// The sanitiser has already cut text into cells of one spacing character and
/// at most four marks, so a cell's whole text fits a `cchar_t` (`CCHARW_MAX`
/// is 5); anything beyond would be ignored by ncurses, so it is never sent.
enum CellEmission {
    static let capacity = 5

    /// The cell's characters, NUL-terminated; a blank for an empty cell.
    static func wideCharacters(of grapheme: String) -> [wchar_t] {
        var wide: [wchar_t] = []
        wide.reserveCapacity(capacity + 1)
        for scalar in grapheme.unicodeScalars.prefix(capacity) { wide.append(wchar_t(bitPattern: scalar.value)) }
        if wide.isEmpty { wide = [wchar_t(32)] }
        wide.append(0)
        return wide
    }
}
