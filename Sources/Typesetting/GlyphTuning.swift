/// Changes to drawn glyphs that make mosaics read better than the fonts'
/// own designs do at these sizes.
enum GlyphTuning {
    /// Terminus draws its zero with a slash through it, which in a mosaic
    /// reads as 8, 6 or @ (seen in xterm screenshots and OCR). The zero is
    /// drawn plain: in each row strictly between its top and bottom, only
    /// the outermost pixels of the ring are kept. A plain zero (misc-fixed's)
    /// is unchanged by this.
    static func plainZero(_ bitmap: inout [UInt8], width: Int, height: Int) {
        let rows = (0 ..< height).filter { y in (0 ..< width).contains { bitmap[y * width + $0] != 0 } }
        guard let top = rows.first, let bottom = rows.last, bottom - top >= 2 else { return }
        for y in top + 1 ..< bottom {
            let ink = (0 ..< width).filter { bitmap[y * width + $0] != 0 }
            guard let left = ink.first, let right = ink.last else { continue }
            for x in ink where x != left && x != right { bitmap[y * width + x] = 0 }
        }
    }
}
