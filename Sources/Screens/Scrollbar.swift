import Canvas

/// A one-column scrollbar: a thumb whose size and place show the viewport's
/// share of the content.
struct Scrollbar {
    var thumb: (start: Int, length: Int)
    var trackHeight: Int

    init(thumb: (start: Int, length: Int), trackHeight: Int) {
        self.thumb = thumb
        self.trackHeight = trackHeight
    }

    /// For content whose height is known exactly (the Shipment screen); nil when it all fits.
    init?(contentHeight: Int, viewportHeight: Int, offset: Int) {
        guard contentHeight > viewportHeight, viewportHeight > 0 else { return nil }
        let length = max(1, viewportHeight * viewportHeight / contentHeight)
        let scrollable = contentHeight - viewportHeight
        let start = (viewportHeight - length) * min(max(0, offset), scrollable) / scrollable
        self.init(thumb: (start, length), trackHeight: viewportHeight)
    }

    func draw(into frame: inout Frame, x: Int, y: Int) {
        for row in 0 ..< trackHeight {
            let inThumb = row >= thumb.start && row < thumb.start + thumb.length
            frame.write(inThumb ? "█" : "│", x: x, y: y + row, style: CellStyle(dim: !inThumb, color: inThumb ? .tint : .secondary))
        }
    }
}
