import Model

/// How a delivery's items are kept in one TEXT column of a store: the
/// manifest's own JSON for them, `[{"name":"Tea","quantity":2}]`, written by
/// `ManifestWriter` and read by `ManifestParser`, readable with the sqlite3
/// shell and its JSON functions (and a column edited by hand still reads).
public enum ItemsColumn {
    /// The column's text for `items`.
    public static func encode(_ items: [Item]) -> String {
        // Built as UTF-8 bytes: an import encodes a million of these.
        var json: [UInt8] = []
        ManifestWriter.appendItems(items, to: &json)
        return String(decoding: json, as: UTF8.self)
    }

    /// The column's text for `items`, as UTF-8 appended to `bytes` (an
    /// import reuses one buffer rather than make a String a row).
    public static func encode(_ items: [Item], appendingTo bytes: inout [UInt8]) {
        ManifestWriter.appendItems(items, to: &bytes)
    }

    /// The items in a column's text; none when it is not an items array
    /// (the protocol the screens read rows through cannot throw).
    public static func decode(_ json: String) -> [Item] {
        if json == "[]" { return [] }
        var text = json
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
            var parser = ManifestParser(
                base: base, count: bytes.count, file: "items", maximumFieldBytes: ManifestReader.defaultMaximumFieldBytes)
            do throws(ManifestError) {
                return try parser.parseItems()
            } catch {
                return []
            }
        }
    }
}
