/// How tall big glyphs are, in each mosaic: Apple's point sizes mapped onto
/// the cap heights the bitmap strikes have, so that every category above
/// Large draws Headline, Body and Subhead strictly taller than the one before.
///
/// Anchors pin Headline and Body (one size, Apple's 19 … 53 pt) to a cap
/// height per category; any other size is interpolated between anchors and
/// rounded down to an anchor's cap height (the mosaic's rungs), which keeps Apple's order
/// (a style set larger is never drawn smaller) for every style at once.
/// Mosaics cannot draw the 1.1×–2× steps of the iOS ramp (their smallest
/// text that reads is already three rows tall): the ladder starts
/// at the smallest size that reads, and every step is one rung up.
enum GlyphLadder {
    /// Whether big glyphs `capHeight` pixels tall are drawn from the bold
    /// strike, whatever the style's weight. From 10 up: a one-dot stroke is
    /// faint in braille and a one-pixel stroke thin in half blocks, and OCR
    /// of xterm screenshots read Terminus' bold digits far better than its
    /// regular ones (cap 12–15: 26–28 of 30 digit strings against 19–25).
    /// At 8 and below bold crowds: 2-pixel stems leave 1-pixel counters, and
    /// `09:00` ran together. Styles still differ by size and colour.
    static func isBold(capHeight: Int) -> Bool { capHeight >= 10 }

    /// (points, cap height in the mosaic's pixels).
    static func anchors(for mosaic: Mosaic) -> [(points: Int, cap: Int)] {
        switch mosaic {
        // Braille dots (a cap of 12 is 3 rows, about 4× native text). The
        // ladder starts at the smallest cap at which OCR of xterm screenshots
        // read ≥ 95 % of names and digit strings: at 8 and 10 (Terminus)
        // it read 83–87 % of the digits, at 12 and up (DejaVu Sans Mono Bold)
        // 97–100 %. So Subhead starts at 12 and Headline one rung above it.
        case .braille: [(17, 12), (19, 13), (21, 14), (23, 15), (28, 16), (33, 17), (40, 18), (47, 20), (53, 25)]
        // Half-block pixels are half a row tall: the same rungs look twice as big.
        case .halfBlocks: [(17, 5), (19, 6), (21, 7), (23, 8), (28, 9), (33, 10), (40, 12), (47, 13), (53, 14)]
        }
    }

    /// The cap height for text of `points` above Large, or 0 where it stays
    /// native (smaller than a Large body text's 17 pt).
    static func capHeight(points: Int, mosaic: Mosaic) -> Int {
        let anchors = anchors(for: mosaic)
        guard let first = anchors.first, let last = anchors.last, points >= first.points else { return 0 }
        var exact = last.cap
        if points < last.points, let upper = anchors.firstIndex(where: { $0.points > points }) {
            let a = anchors[upper - 1], b = anchors[upper]
            // Integer arithmetic: the floor of the linear interpolation.
            exact = (a.cap * (b.points - a.points) + (points - a.points) * (b.cap - a.cap)) / (b.points - a.points)
        }
        // The rungs are the anchors' caps: each has a strike that reads (tested).
        return anchors.map(\.cap).last { $0 <= exact } ?? first.cap
    }
}
