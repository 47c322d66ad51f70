/// Changes to drawn glyphs that make mosaics read better than the fonts'
/// own designs do at these sizes.
enum GlyphTuning {
    /// Terminus draws its zero with a slash through it, which in a mosaic
    /// reads as 8, 6 or @ (seen in xterm screenshots and OCR). The zero is
    /// drawn plain: in each row strictly between its top and bottom only
    /// the ring's left and right strokes are kept, each as wide as its
    /// narrowest row (where the slash does not touch it), so a bold zero
    /// stays as bold as the font drew it. A plain zero is unchanged.
    static func plainZero(_ bitmap: inout [UInt8], width: Int, height: Int) {
        let rows = (0 ..< height).filter { y in (0 ..< width).contains { bitmap[y * width + $0] != 0 } }
        guard let top = rows.first, let bottom = rows.last, bottom - top >= 2 else { return }
        // (left edge, left run length, right edge, right run length) of each middle row.
        let strokes = (top + 1 ..< bottom).compactMap { y -> (y: Int, left: Int, leftRun: Int, right: Int, rightRun: Int)? in
            let row = y * width
            guard let left = (0 ..< width).first(where: { bitmap[row + $0] != 0 }),
                  let right = (0 ..< width).last(where: { bitmap[row + $0] != 0 }) else { return nil }
            let leftEnd = (left ..< width).first { bitmap[row + $0] == 0 } ?? width
            let rightStart = ((0 ... right).last { bitmap[row + $0] == 0 } ?? -1) + 1
            return (y, left, leftEnd - left, right, right + 1 - rightStart)
        }
        guard let leftStroke = strokes.map(\.leftRun).min(), let rightStroke = strokes.map(\.rightRun).min() else { return }
        for stroke in strokes where stroke.left + leftStroke <= stroke.right - rightStroke {
            for x in stroke.left + leftStroke ... stroke.right - rightStroke { bitmap[stroke.y * width + x] = 0 }
        }
    }
}
