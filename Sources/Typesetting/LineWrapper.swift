/// Greedy line filling over UAX #14 break opportunities.
///
/// A line ends at the last opportunity that fits; spaces before a break hang
/// past the edge and are dropped; a word wider than the whole line breaks
/// between grapheme clusters. Works on widths only, so the same code measures
/// native text (one cell a column) and big glyphs (`columnScale` cells a column).
enum LineWrapper {
    /// The wrapped lines as ranges of grapheme indices, trailing spaces excluded.
    struct Layout: Equatable {
        var lines: [Range<Int>]
        /// The text did not fit in `lineLimit` lines and the last line must end in an ellipsis.
        var isTruncated: Bool
    }

    static func layout(
        _ text: MeasuredText, columnScale: Int = 1, width: Int, lineLimit: Int? = nil
    ) -> Layout {
        var lines: [Range<Int>] = []
        let limit = lineLimit.flatMap { $0 > 0 ? $0 : nil }
        fill(text, columnScale: columnScale, width: width, stopAfter: limit.map { $0 + 1 }) { lines.append($0) }
        if lines.isEmpty { lines = [0 ..< 0] }
        guard let limit, lines.count > limit else { return Layout(lines: lines, isTruncated: false) }
        lines.removeLast(lines.count - limit)
        // Make room for the ellipsis (one column) at the end of the last line kept.
        var last = lines[limit - 1]
        var used = widthOf(text, last, columnScale)
        while last.upperBound > last.lowerBound,
              used + columnScale > width || text.isBreakSpace[last.upperBound - 1] {
            last = last.lowerBound ..< last.upperBound - 1
            used -= text.graphemes[last.upperBound].columns * columnScale
        }
        lines[limit - 1] = last
        return Layout(lines: lines, isTruncated: true)
    }

    /// How many lines `layout` returns, without building them.
    static func lineCount(_ text: MeasuredText, columnScale: Int = 1, width: Int, lineLimit: Int? = nil) -> Int {
        let limit = lineLimit.flatMap { $0 > 0 ? $0 : nil }
        var count = 0
        fill(text, columnScale: columnScale, width: width, stopAfter: limit) { _ in count += 1 }
        return max(1, count)
    }

    static func widthOf(_ text: MeasuredText, _ range: Range<Int>, _ scale: Int) -> Int {
        var total = 0
        for i in range { total += text.graphemes[i].columns * scale }
        return total
    }

    /// Emits each line's content range in order; stops early after `stopAfter`
    /// lines. Returns false if it stopped early.
    @discardableResult
    private static func fill(
        _ text: MeasuredText, columnScale k: Int, width: Int, stopAfter: Int?, emit: (Range<Int>) -> Void
    ) -> Bool {
        let graphemes = text.graphemes, n = graphemes.count
        let width = max(1, width)
        var emitted = 0
        var lineStart = -1  // -1: no line open
        var contentEnd = 0  // end of the open line, trailing spaces excluded
        var lineWidth = 0   // columns used, spaces placed so far included

        func flush() -> Bool {
            // A line of nothing but leading spaces is not worth a row.
            if lineStart >= 0, contentEnd > lineStart {
                emit(lineStart ..< contentEnd)
                emitted += 1
            }
            lineStart = -1
            lineWidth = 0
            if let stopAfter, emitted >= stopAfter { return false }
            return true
        }

        var i = 0
        while i < n {
            // The segment up to the next break opportunity: content, then hanging spaces.
            var j = i
            while j < n, !text.canBreakAfter[j] { j += 1 }
            j = min(j + 1, n)
            var c = j
            while c > i, text.isBreakSpace[c - 1] { c -= 1 }
            var contentWidth = 0
            for g in i ..< c { contentWidth += graphemes[g].columns * k }
            let spaceWidth = (j - c) * k

            if lineStart >= 0, lineWidth + contentWidth > width {
                if !flush() { return false }
            }
            if lineStart < 0 {
                // Spaces alone at the start of a wrapped line are break spaces.
                if c == i, emitted > 0 { i = j; continue }
                lineStart = i
                contentEnd = i
            }
            if lineWidth + contentWidth <= width {
                lineWidth += contentWidth
            } else {
                // A word wider than the line: break it between grapheme clusters.
                for g in i ..< c {
                    let w = graphemes[g].columns * k
                    if lineWidth + w > width, contentEnd > lineStart {
                        if !flush() { return false }
                        lineStart = g
                        contentEnd = g
                    }
                    lineWidth += w
                    contentEnd = g + 1
                }
            }
            if c > i { contentEnd = c }
            lineWidth += spaceWidth
            i = j
        }
        if lineStart >= 0 { _ = flush() }
        return true
    }
}
