/// Key names in words where an arrow cannot be drawn: on a DEC doubled
/// line, which holds only characters every monospace font has (an arrow or
/// ⌫ there makes xterm 379 fall back to another font, and crash).
enum KeySpelling {
    static let words: [Character: String] = ["↑": "Up", "↓": "Down", "←": "Left", "→": "Right", "⌫": "Backspace"]

    /// `text` with each arrow and ⌫ spelt out: "↑ ↓  k j" → "Up Down  k j", "3↓" → "3Down".
    static func spelledOut(_ text: String) -> String {
        guard text.contains(where: { words[$0] != nil }) else { return text }
        return text.reduce(into: "") { out, character in
            if let word = words[character] { out += word } else { out.append(character) }
        }
    }
}
