import Model

/// Turns what a person types into the words every store searches for.
///
/// The query is folded (`SearchFolding`) and split at spaces; every word
/// must appear somewhere in the id, name or address, inside words too
/// ("strasse" finds "Bahnhofstraße"). The SQLite store answers through its
/// word index (`SearchWordIndex`), the PostgreSQL store through its own.
public enum SubstringSearch {
    /// The words of what a person typed, as every store matches them: split
    /// at spaces and folded, private-use characters dropped (indexes have
    /// used them for status tokens, so no query holds one).
    public static func words(_ text: String) -> [String] {
        SearchFolding.words(of: text).map { $0.filter { !isPrivateUse($0) } }.filter { !$0.isEmpty }
    }

    /// What search looks in: the id, name and address folded, one per line
    /// (the second address line after a space), exactly as the SQLite store
    /// builds `searchFolded` in SQL; a store without `idm_fold` stores this.
    /// `upToNUL`: the text before the first NUL only, as `idm_fold` sees the
    /// joined columns (a C string).
    public static func searchedText(id: String, name: String, line1: String, line2: String?, upToNUL: Bool = false) -> String {
        // Joined as bytes: joining Strings cost an import more than folding them.
        var joined: [UInt8] = []
        joined.reserveCapacity(id.utf8.count + name.utf8.count + line1.utf8.count + (line2?.utf8.count ?? 0) + 3)
        joined.appendUTF8(of: id)
        joined.append(0x0A)
        joined.appendUTF8(of: name)
        joined.append(0x0A)
        joined.appendUTF8(of: line1)
        if let line2 {
            joined.append(0x20)
            joined.appendUTF8(of: line2)
        }
        return joined.withUnsafeBufferPointer { bytes in
            // A NUL is byte 0 in UTF-8 and in no other scalar: the bytes before it are the text up to it.
            let end = upToNUL ? bytes.firstIndex(of: 0) ?? bytes.endIndex : bytes.endIndex
            return SearchFolding.fold(utf8: UnsafeBufferPointer(rebasing: bytes[..<end]))
        }
    }

    private static func isPrivateUse(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0xE000 ... 0xF8FF).contains($0.value) }
    }
}
