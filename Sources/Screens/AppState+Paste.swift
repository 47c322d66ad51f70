import Input

extension AppState {
    /// A paste (bracketed by the terminal) is text, never keys: search text
    /// while the search field is open, otherwise ignored with a notice, so a
    /// paste into the wrong window neither quits nor marks a delivery.
    mutating func handlePaste(_ text: String) -> [Command] {
        guard search.isEditing else {
            notice = "Pasted text ignored: press / first to search for it"
            return []
        }
        // The field is one line of words: line breaks and tabs part words; other controls go.
        let typed = text.unicodeScalars.compactMap { scalar -> Character? in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: " "
            case 0 ..< 0x20, 0x7F ..< 0xA0: nil
            default: Character(scalar)
            }
        }
        guard !typed.isEmpty else { return [] }
        search.query.append(contentsOf: typed)
        return searchAgain(keeping: nil)
    }
}
