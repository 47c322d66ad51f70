import Canvas

/// A frame as compact text for golden files that keep its styles: the text
/// grid between bars, then one line per row that has styled cells, listing
/// runs of cells that share a style (`columns: style`), then the rows' DEC
/// line attributes and the scaled runs, when there are any.
///
/// A style is written as its colour role (when not normal) and `bold`, `dim`,
/// `underline`, `reverse` and `linkN` (the links listed
/// after the rows, each once): what the terminal is told, so a diff
/// names the change. Plain cells are left out; a continuation cell (the right
/// half of a wide character) belongs to the run of the cell before it.
public enum StyledFrame {
    public static func text(of frame: Frame) -> String {
        var out = frame.plainTextLines.map { "|" + $0 + "|\n" }.joined()
        out += "-- styles (row: first-last style; other cells plain)\n"
        var links: [String] = []
        for y in 0 ..< frame.height {
            let runs = styleRuns(of: frame, y: y, links: &links)
            if !runs.isEmpty { out += "\(y): " + runs.joined(separator: "; ") + "\n" }
        }
        if !links.isEmpty {
            out += "-- links\n"
            for (number, link) in links.enumerated() { out += "link\(number + 1) \(link)\n" }
        }
        let doubled = (0 ..< frame.height).filter { frame.lineAttributes[$0] != .normal }
        if !doubled.isEmpty {
            out += "-- line attributes\n"
            for y in doubled { out += "\(y): \(frame.lineAttributes[y])\n" }
        }
        if !frame.scaledRuns.isEmpty {
            out += "-- scaled runs\n"
            for run in frame.scaledRuns {
                let scale = run.scale
                out += "\(run.y): \(run.x)-\(run.x + run.columns - 1) s=\(scale.scale) n/d=\(scale.numerator)/\(scale.denominator) "
                    + run.graphemes.map(\.text).joined() + "\n"
            }
        }
        if let cursor = frame.cursor { out += "-- cursor \(cursor.x),\(cursor.y)\n" }
        return out
    }

    /// The runs of one row whose style is not plain, as `first-last style`.
    /// A link is named by its number in `links` (added when new), listed after the rows.
    static func styleRuns(of frame: Frame, y: Int, links: inout [String]) -> [String] {
        var runs: [String] = []
        var x = 0
        while x < frame.width {
            let style = frame[x, y].style
            let start = x
            x += 1
            while x < frame.width, frame[x, y].style == style || frame[x, y].isContinuation { x += 1 }
            guard style != .plain else { continue }
            var words = [name(of: style)].filter { !$0.isEmpty }
            if let link = style.link {
                if !links.contains(link) { links.append(link) }
                words.append("link\((links.firstIndex(of: link) ?? 0) + 1)")
            }
            runs.append("\(start)-\(x - 1) " + words.joined(separator: " "))
        }
        return runs
    }

    /// The style's colour and attributes, its link aside.
    public static func name(of style: CellStyle) -> String {
        var words: [String] = []
        if style.color != .normal { words.append("\(style.color)") }
        if style.bold { words.append("bold") }
        if style.dim { words.append("dim") }
        if style.underline { words.append("underline") }
        if style.reverse { words.append("reverse") }
        return words.joined(separator: " ")
    }
}
