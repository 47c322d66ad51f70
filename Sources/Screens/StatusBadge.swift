import Canvas
import Model
import Typesetting

/// The status marker at the left of a Deliveries row, sized like the
/// BNRItemCell thumbnail: it grows with the text size and stays square.
struct StatusBadge {
    var status: DeliveryStatus
    var columns: Int
    var rows: Int

    init(status: DeliveryStatus, category: ContentSizeCategory) {
        self.status = status
        // Sized like BNRItemCell's thumbnail, so it grows with the text.
        let size = ScaledMetric.thumbnail.size(at: category)
        columns = size.columns
        rows = size.rows
    }

    /// A symbol per status, so the plain-text render tells them apart without colour.
    var symbol: String { Self.symbol(for: status) }

    static func symbol(for status: DeliveryStatus) -> String {
        switch status {
        case .pending: "○"
        case .outForDelivery: "▸"
        case .delivered: "✓"
        case .failed: "✗"
        }
    }

    var color: ColorRole {
        switch status {
        case .pending: .warning
        case .outForDelivery: .accent
        case .delivered: .success
        case .failed: .danger
        }
    }

    func draw(into frame: inout Frame, x: Int, y: Int) {
        let style = CellStyle(bold: true, color: color)
        if rows <= 1 && columns <= 2 {
            frame.write(symbol, x: x, y: y, style: style)
            return
        }
        // A tile in the status colour with the symbol cut out of its middle.
        let centre = (x: (columns - 1) / 2, y: (rows - 1) / 2)
        for row in 0 ..< rows {
            for column in 0 ..< columns {
                let isCentre = row == centre.y && column == centre.x
                frame.write(isCentre ? symbol : "█", x: x + column, y: y + row, style: isCentre ? CellStyle(bold: true, reverse: true, color: color) : style)
            }
        }
    }
}
