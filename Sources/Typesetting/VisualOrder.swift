import Canvas
import CVisualOrder

/// Right-to-left text as it is drawn: big glyphs are placed left to right by
/// us, not by the terminal, so Hebrew and Arabic lines are shaped and put in
/// visual order first (ICU's Arabic shaping and bidi algorithm).
enum VisualOrder {
    /// `graphemes` (one wrapped line, logical order) in drawing order; text
    /// with no right-to-left character comes back as it is.
    static func line(_ graphemes: [Grapheme]) -> [Grapheme] {
        guard graphemes.contains(where: { $0.text.unicodeScalars.contains(where: isRightToLeft) }) else { return graphemes }
        let units = Array(graphemes.map(\.text).joined().utf16)
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

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool { RightToLeftOrdering.isRightToLeft(scalar) }
}
