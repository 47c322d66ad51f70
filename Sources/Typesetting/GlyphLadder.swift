/// The weight big glyphs are drawn in (which cap heights each style gets
/// is `LadderPlan`'s to say).
enum GlyphLadder {
    /// Whether big glyphs `capHeight` pixels tall are drawn from the bold
    /// strike, whatever the style's weight. From 10 up: a one-dot stroke is
    /// faint in braille and a one-pixel stroke thin in half blocks, and OCR
    /// of xterm screenshots read Terminus' bold digits far better than its
    /// regular ones (cap 12–15: 26–28 of 30 digit strings against 19–25).
    /// At 8 and below bold crowds: 2-pixel stems leave 1-pixel counters, and
    /// `09:00` ran together. Styles still differ by size and colour.
    static func isBold(capHeight: Int) -> Bool { capHeight >= 10 }
}
