import Canvas
import CVisualOrder

/// Right-to-left text as it is drawn: big glyphs are placed left to right by
/// us, not by the terminal, so Hebrew and Arabic lines are shaped and put in
/// visual order first (ICU's Arabic shaping and bidi algorithm).
enum VisualOrder {
    /// `graphemes` (one wrapped line, logical order) in drawing order; text
    /// with no right-to-left character comes back as it is.
    ///
    /// From `isolatedFrom` on, the line is a run of its own direction (a
    /// time window run on after an address): it goes to the bidi algorithm
    /// between FSI and PDI, so the text before it neither reorders it nor is
    /// reordered by it, and it stays at the logical end of the line (the left
    /// end of a right-to-left one). Without the isolate, digits after Arabic
    /// letters are Arabic numbers (rule W2) and "09:00-12:00" reads "12:00-09:00".
    /// ICU removes the isolate's controls again, so they are never drawn.
    static func line(_ graphemes: [Grapheme], isolatedFrom: Int? = nil) -> [Grapheme] {
        guard graphemes.contains(where: { $0.text.unicodeScalars.contains(where: isRightToLeft) }) else { return graphemes }
        var units: [UInt16] = []
        for (index, grapheme) in graphemes.enumerated() {
            if index == isolatedFrom { units.append(firstStrongIsolate) }
            units += grapheme.text.utf16
        }
        if let isolatedFrom, isolatedFrom < graphemes.count { units.append(popDirectionalIsolate) }
        var out = [UInt16](repeating: 0, count: units.count)
        let length = units.withUnsafeBufferPointer { text in
            out.withUnsafeMutableBufferPointer { buffer in
                vo_visual_line(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(buffer.count))
            }
        }
        guard length >= 0 else { return graphemes }
        let visual = String(decoding: out.prefix(Int(length)), as: UTF16.self)
        return DisplayWidth.graphemes(of: visual)
    }

    /// A line in logical order for a terminal that orders it itself, with
    /// a left-to-right mark at the end of the grapheme before `from` where
    /// the line holds right-to-left text. The terminal gets no isolate
    /// controls (the Sanitizer keeps every reordering control from it); the
    /// mark does their work for a left-to-right suffix such as a window: its
    /// digits stay European numbers (bidi rule W2 stops at the mark) and it
    /// is one left-to-right run after the address, on a row the terminal
    /// lays out left to right (`Frame.markRowsLeftToRight`).
    static func markingIsolate(_ graphemes: [Grapheme], from start: Int?) -> [Grapheme] {
        guard let start, start > 0, start < graphemes.count,
              graphemes[..<start].contains(where: { $0.text.unicodeScalars.contains(where: isRightToLeft) })
        else { return graphemes }
        var marked = graphemes
        marked[start - 1] = Grapheme(marked[start - 1].text + RightToLeftOrdering.leftToRightMark, columns: marked[start - 1].columns)
        return marked
    }

    /// FSI: the isolate takes the direction of its first strong character,
    /// left to right where it has none (digits).
    static let firstStrongIsolate: UInt16 = 0x2068
    /// PDI, which ends the isolate.
    static let popDirectionalIsolate: UInt16 = 0x2069

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool { RightToLeftOrdering.isRightToLeft(scalar) }
}
