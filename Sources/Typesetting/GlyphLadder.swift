/// How tall big glyphs are, in each mosaic: Apple's point sizes mapped onto
/// the cap heights the bitmap strikes have, so that every category above
/// Large draws Headline, Body and Subhead strictly taller than the one before.
///
/// Anchors pin Headline and Body (one size, Apple's 19 … 53 pt) to a cap
/// height per category; any other size is interpolated between anchors and
/// rounded down to a cap height a strike has, which keeps Apple's order
/// (a style set larger is never drawn smaller) for every style at once.
/// Mosaics cannot draw the 1.1×–2× steps of the iOS ramp (their smallest
/// legible text is already about 2.7× a terminal's own): the ladder starts
/// at the smallest size that reads, and every step is one rung up.
enum GlyphLadder {
    /// (points, cap height in the mosaic's pixels).
    static func anchors(for mosaic: Mosaic) -> [(points: Int, cap: Int)] {
        switch mosaic {
        // Braille dots: a cap of 7 is 1.75 rows, already 2.7× native text.
        case .braille: [(17, 7), (19, 8), (21, 9), (23, 10), (28, 12), (33, 13), (40, 15), (47, 18), (53, 20)]
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
        return GlyphStrike.capHeights.last { $0 <= exact } ?? first.cap
    }
}
