import Canvas

/// Text sanitised, split into measured grapheme clusters, and marked where
/// UAX #14 lets a line end: everything wrapping needs, at any width or size.
///
/// Building one costs a sanitise, a grapheme split and an ICU pass;
/// `MeasuredTextCache` keeps them so that re-measuring a row at another width
/// or text size is a plain loop over integers.
struct MeasuredText: Sendable {
    let graphemes: [Grapheme]
    /// `canBreakAfter[i]`: a line may end after grapheme `i`.
    let canBreakAfter: [Bool]
    /// `isBreakSpace[i]`: grapheme `i` is a space, which hangs past the end of
    /// a line and is dropped where the line breaks.
    let isBreakSpace: [Bool]

    init(_ text: String) {
        let sanitized = Sanitizer.sanitize(text)
        var graphemes: [Grapheme] = []
        var ends: [Int] = []  // UTF-16 offset after each grapheme
        var offset = 0
        for character in sanitized {
            graphemes.append(Grapheme(String(character), columns: DisplayWidth.columns(of: character)))
            offset += character.utf16.count
            ends.append(offset)
        }
        var canBreakAfter = [Bool](repeating: false, count: graphemes.count)
        var index = 0
        for breakOffset in LineBreaker.opportunities(inUTF16: Array(sanitized.utf16)) {
            // A break inside a cluster (ICU and Swift can disagree) is ignored.
            while index < ends.count, ends[index] < breakOffset { index += 1 }
            if index < ends.count, ends[index] == breakOffset { canBreakAfter[index] = true }
        }
        self.graphemes = graphemes
        self.canBreakAfter = canBreakAfter
        self.isBreakSpace = graphemes.map { $0.text == " " }
    }
}
