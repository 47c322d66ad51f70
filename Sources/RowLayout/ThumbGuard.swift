/// Keeps one refinement pass from moving the scrollbar thumb by more than
/// one cell: it remembers where the thumb was when the pass began and judges
/// each height correction against that.
struct ThumbGuard {
    let track: Int
    let viewport: Int
    private(set) var total: Int
    private(set) var offset: Int
    private let start: Int
    private let end: Int

    init(track: Int, viewport: Int, total: Int, offset: Int) {
        self.track = track
        self.viewport = viewport
        self.total = total
        self.offset = offset
        let thumb = ScrollbarThumb(track: track, viewport: viewport, total: total, offset: offset)
        start = thumb.start
        end = thumb.start + thumb.length
    }

    /// Whether changing one row's height by `delta` keeps both ends of the
    /// thumb within one cell of where they were; a row above the view also
    /// shifts the content offset.
    func allows(delta: Int, aboveView: Bool) -> Bool {
        let thumb = ScrollbarThumb(
            track: track, viewport: viewport, total: total + delta, offset: offset + (aboveView ? delta : 0)
        )
        return abs(thumb.start - start) <= 1 && abs(thumb.start + thumb.length - end) <= 1
    }

    mutating func commit(delta: Int, aboveView: Bool) {
        total += delta
        if aboveView { offset += delta }
    }
}
