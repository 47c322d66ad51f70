import Canvas

/// A one-column scrollbar: a thumb whose size and place show the viewport's
/// share of the content. Nothing is drawn when everything fits.
struct Scrollbar {
    var contentHeight: Int
    var viewportHeight: Int
    var offset: Int

    /// The thumb's first track cell and its length.
    var thumb: (start: Int, length: Int)? {
        guard contentHeight > viewportHeight, viewportHeight > 0 else { return nil }
        let track = viewportHeight
        let length = max(1, track * viewportHeight / contentHeight)
        let scrollable = contentHeight - viewportHeight
        let start = scrollable == 0 ? 0 : (track - length) * min(max(0, offset), scrollable) / scrollable
        return (start, length)
    }

    func draw(into frame: inout Frame, x: Int, y: Int) {
        guard let thumb else { return }
        for row in 0 ..< viewportHeight {
            let inThumb = row >= thumb.start && row < thumb.start + thumb.length
            frame.write(inThumb ? "█" : "│", x: x, y: y + row, style: CellStyle(dim: !inThumb, color: inThumb ? .tint : .secondary))
        }
    }
}
