import Foundation
import GRDB

/// Text columns that keep every character, NUL included.
///
/// GRDB binds a String as a C string and reads one back with `String(cString:)`,
/// so "ab\u{0}cd" would be stored and shown as "ab". Text holding a NUL is
/// bound as its UTF-8 bytes and cast to TEXT in SQL (`bindable`), and text
/// columns are read as bytes (`column`, `string`), so the store holds exactly
/// what the manifest says.
enum StoredText {
    /// A value to bind where the SQL says `CAST(? AS TEXT)`.
    static func bindable(_ text: String?) -> (any DatabaseValueConvertible)? {
        guard let text else { return nil }
        return text.utf8.contains(0) ? Data(text.utf8) : text
    }

    /// A text column selected as its bytes, under its own name.
    static func column(_ name: String) -> String { "CAST(\(name) AS BLOB) AS \(name)" }

    static func string(_ row: Row, _ index: Int) -> String {
        optionalString(row, index) ?? ""
    }

    static func optionalString(_ row: Row, _ index: Int) -> String? {
        guard let bytes: Data = row[index] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
