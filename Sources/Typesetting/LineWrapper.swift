import Canvas

/// Greedy line breaking of measured graphemes at spaces, breaking inside a
/// word only when the word alone is wider than the line.
enum LineWrapper {
    static func wrap(_ graphemes: [Grapheme], width: Int, lineLimit: Int?) -> [TypesetLine] {
        guard width > 0 else { return [] }
        var lines: [TypesetLine] = []
        var current: [Grapheme] = []
        var currentWidth = 0
        var word: [Grapheme] = []
        var wordWidth = 0

        func flushLine() {
            while current.last?.text == " " { currentWidth -= 1; current.removeLast() }
            lines.append(TypesetLine(graphemes: current))
            current = []
            currentWidth = 0
        }
        func placeWord() {
            if currentWidth + wordWidth > width, !current.isEmpty { flushLine() }
            for g in word {
                if currentWidth + g.columns > width { flushLine() }
                current.append(g)
                currentWidth += g.columns
            }
            word = []
            wordWidth = 0
        }
        for g in graphemes {
            if g.text == " " {
                placeWord()
                if currentWidth > 0, currentWidth < width { current.append(g); currentWidth += 1 }
            } else {
                word.append(g)
                wordWidth += g.columns
            }
        }
        placeWord()
        if !current.isEmpty || lines.isEmpty { flushLine() }

        if let lineLimit, lineLimit > 0, lines.count > lineLimit {
            var last = lines[lineLimit - 1].graphemes
            var w = last.reduce(0) { $0 + $1.columns }
            while w + 1 > width, let removed = last.popLast() { w -= removed.columns }
            last.append(Grapheme("…", columns: 1))
            lines = Array(lines.prefix(lineLimit - 1)) + [TypesetLine(graphemes: last)]
        }
        return lines
    }
}
