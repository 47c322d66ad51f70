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
        var used = 0
        for i in last { used += Int(text.widths[i]) * columnScale }
        while last.upperBound > last.lowerBound, used + columnScale > width || isSpace(text, last.upperBound - 1) {
            last = last.lowerBound ..< last.upperBound - 1
            used -= Int(text.widths[last.upperBound]) * columnScale
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

    private static func isSpace(_ text: MeasuredText, _ index: Int) -> Bool {
        // Spaces are exactly the graphemes past a segment's content.
        text.segments.contains { Int($0.contentEnd) <= index && index < Int($0.end) }
    }

    /// Emits each line's content range in order; stops after `stopAfter` lines.
    private static func fill(
        _ text: MeasuredText, columnScale k: Int, width: Int, stopAfter: Int?, emit: (Range<Int>) -> Void
    ) {
        let width = max(1, width)
        let stop = stopAfter ?? Int.max
        var emitted = 0
        var lineStart = -1  // -1: no line open
        var contentEnd = 0  // end of the open line, trailing spaces excluded
        var lineWidth = 0   // columns used, spaces placed so far included

        for segment in text.segments {
            let start = Int(segment.start), end = Int(segment.end), segmentContentEnd = Int(segment.contentEnd)
            let contentWidth = Int(segment.contentWidth) * k

            if lineStart >= 0, lineWidth + contentWidth > width {
                // A line of nothing but leading spaces is not worth a row.
                if contentEnd > lineStart { emit(lineStart ..< contentEnd); emitted += 1 }
                if emitted >= stop { return }
                lineStart = -1
                lineWidth = 0
            }
            if lineStart < 0 {
                // Spaces alone at the start of a wrapped line are break spaces.
                if segmentContentEnd == start, emitted > 0 { continue }
                lineStart = start
                contentEnd = start
            }
            if lineWidth + contentWidth <= width {
                lineWidth += contentWidth
            } else {
                // A word wider than the line: break it between grapheme clusters.
                for g in start ..< segmentContentEnd {
                    let w = Int(text.widths[g]) * k
                    if lineWidth + w > width, contentEnd > lineStart {
                        emit(lineStart ..< contentEnd)
                        emitted += 1
                        if emitted >= stop { return }
                        lineStart = g
                        lineWidth = 0
                    }
                    lineWidth += w
                    contentEnd = g + 1
                }
            }
            if segmentContentEnd > start { contentEnd = segmentContentEnd }
            lineWidth += (end - segmentContentEnd) * k
        }
        if lineStart >= 0, contentEnd > lineStart { emit(lineStart ..< contentEnd) }
    }
}
