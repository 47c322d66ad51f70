import Canvas
import RowLayout

/// A one-column scrollbar: a thumb whose size and place show the viewport's
/// share of the content.
struct Scrollbar {
    var thumb: ScrollbarThumb

    /// For content whose height is known exactly (the Shipment screen); nil when it all fits.
    init?(contentHeight: Int, viewportHeight: Int, offset: Int) {
        guard contentHeight > viewportHeight, viewportHeight > 0 else { return nil }
        thumb = ScrollbarThumb(track: viewportHeight, viewport: viewportHeight, total: contentHeight, offset: offset)
    }

    init(thumb: ScrollbarThumb) { self.thumb = thumb }

    /// Draws the track down the first column of `area`, as tall as the area.
    /// `atTheEdge`: the track is a line at the cell's right edge (▕), which
    /// a doubled row can draw in the same place, rather than in its middle (│).
    func draw(into frame: inout Frame, area: Rect, atTheEdge: Bool = false) {
        for row in 0 ..< area.height {
            let inThumb = row >= thumb.start && row < thumb.start + thumb.length
            let track = atTheEdge ? "▕" : "│"
            frame.write(inThumb ? "█" : track, x: area.x, y: area.y + row, style: CellStyle(dim: !inThumb, color: inThumb ? .tint : .secondary))
        }
    }
}
