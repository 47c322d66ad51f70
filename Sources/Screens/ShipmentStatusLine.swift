import Canvas
import Model
import Typesetting

/// The Shipment screen's line under the title: the delivery's status and the
/// keys that mark it, kept in view however far the content is scrolled and
/// at any text size, so a courier never has to look for them.
///
///      Status ▸ Out for delivery      d delivered  f failed  p pending  o out
///      ▸ Out for delivery                                    d✓  f✗  p○  o▸
///
/// Native text, like the title bar. As the width shrinks, the keys are
/// written by badge rather than by word, then the "Status" label goes; the
/// status itself and the four keys are always there (from 28 columns).
struct ShipmentStatusLine {
    let status: DeliveryStatus

    /// The mark keys in the order of the Shipment screen's hints.
    static let marks: [(key: String, status: DeliveryStatus, word: String)] = [
        ("d", .delivered, "delivered"), ("f", .failed, "failed"), ("p", .pending, "pending"), ("o", .outForDelivery, "out"),
    ]

    func draw(into frame: inout Frame, y: Int) {
        frame.fill(x: 0, y: y, width: frame.width, height: 1)
        let badge = StatusBadge(status: status, category: .large)
        let value = StatusBadge.symbol(for: status) + " " + status.title
        let worded = Self.marks.map { "\($0.key) \($0.word)" }.joined(separator: "  ")
        let badged = Self.marks.map { $0.key + StatusBadge.symbol(for: $0.status) }.joined(separator: "  ")
        let valueWidth = DisplayWidth.columns(of: value)
        let room = frame.width - 2
        // Widest first: the label and the words, then badges, then no label.
        let layouts: [(label: Bool, keys: String)] = [(true, worded), (false, worded), (true, badged), (false, badged)]
        let chosen = layouts.first { layout in
            (layout.label ? 8 : 0) + valueWidth + 3 + DisplayWidth.columns(of: layout.keys) <= room
        } ?? (false, badged)
        var x = 1
        if chosen.label { x = frame.write("Status", x: x, y: y, style: CellStyle(color: .tint)) + 2 }
        frame.write(value, x: x, y: y, style: CellStyle(bold: true, color: badge.color))
        let keysWidth = DisplayWidth.columns(of: chosen.keys)
        var keyX = max(x + valueWidth + 3, frame.width - 1 - keysWidth)
        for (index, mark) in Self.marks.enumerated() {
            if index > 0 { keyX += 2 }
            keyX = frame.write(mark.key, x: keyX, y: y, style: CellStyle(bold: true, color: .tint))
            let label = chosen.keys == worded ? " " + mark.word : StatusBadge.symbol(for: mark.status)
            keyX = frame.write(label, x: keyX, y: y, style: CellStyle(dim: mark.status == status))
        }
    }
}
