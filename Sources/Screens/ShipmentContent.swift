import Canvas
import Model
import Typesetting

/// The Shipment screen's grouped sections, typeset for a width and text size
/// and placed top to bottom, ready to draw or to measure.
///
/// Every static label is part of the content built from the state on each
/// render, never a view that a size change could forget to refresh.
struct ShipmentContent {
    struct Placed {
        var text: TypesetText
        var x: Int
        var y: Int
        var style: CellStyle
        /// Centred lines in `width` columns from `x`.
        var centredWidth: Int?
    }

    private(set) var placed: [Placed] = []
    private(set) var height = 0
    let width: Int
    let category: ContentSizeCategory
    let typesetter: Typesetter

    init(_ delivery: Delivery, width: Int, category: ContentSizeCategory, typesetter: Typesetter, now: TimeOfDay? = nil) {
        self.width = width
        self.category = category
        // The whole delivery is drawn one way: a line a doubled line cannot
        // hold takes the others up the ladder with it.
        self.typesetter = typesetter.holding(
            [delivery.name, delivery.address.line1, delivery.address.line2 ?? "", delivery.phone ?? "", delivery.text ?? "",
             delivery.id, delivery.window ?? "", delivery.instructions ?? ""] + delivery.items.map(\.name))
        let inner = max(1, width - 2 * Self.margin)

        // Name, centred, in its own first cell.
        height = 1
        let name = typeset(delivery.name, .headline, width: inner)
        placed.append(Placed(text: name, x: Self.margin, y: height, style: CellStyle(bold: name.isBold), centredWidth: inner))
        height += name.height

        // The address and phone are links (OSC 8) in terminals that show them.
        let map = ContactLinks.map(delivery.address)
        section("Address")
        paragraph(delivery.address.line1, .body, style: CellStyle(link: map))
        if let line2 = delivery.address.line2, !line2.isEmpty {
            paragraph(line2, .subheadline, style: CellStyle(color: .secondary, link: map))
        }

        section("Contact")
        labelled([
            ("Phone", delivery.phone, CellStyle(link: delivery.phone.flatMap(ContactLinks.telephone))),
            ("Text", delivery.text, CellStyle()),
        ])

        section("Delivery")
        var details: [(String, String?, CellStyle)] = [
            ("ID", delivery.id, CellStyle()),
            ("Status", delivery.status.title, CellStyle(bold: true, color: StatusBadge(status: delivery.status, category: category).color)),
        ]
        if let window = delivery.window, !window.isEmpty {
            // Late: a word and a colour.
            let isLate = now.map(delivery.isLate(at:)) ?? false
            details.append(("Window", isLate ? window + " · late" : window, CellStyle(bold: isLate, color: isLate ? .danger : .normal)))
        }
        labelled(details)

        section(delivery.items.count == 1 ? "Item" : "Items")
        if delivery.items.isEmpty {
            paragraph("No items", .body, style: CellStyle(dim: true))
        }
        for item in delivery.items {
            paragraph("\(item.quantity) × \(item.name)", .body)
        }

        if let instructions = delivery.instructions, !instructions.isEmpty {
            section("Instructions")
            paragraph(instructions, .body)
        }
        height += 1
    }

    static let margin = 2

    /// At most this many lines of any one text, the last ending in an ellipsis
    /// when cut: the screen scrolls through them, and a megabyte field is laid
    /// out only as far as this, not to its end.
    static let lineLimit = 200

    private func typeset(_ text: String, _ style: TextStyle, width: Int) -> TypesetText {
        typesetter.typeset(text, style: style, category: category, width: max(1, width), lineLimit: Self.lineLimit)
    }

    /// A group header, after a gap that tightens below Large.
    private mutating func section(_ title: String) {
        height += typesetter.metrics(for: .body, at: category).spacingAfter
        let header = typeset(title.uppercased(), .footnote, width: width - 2 * Self.margin)
        placed.append(Placed(text: header, x: Self.margin, y: height, style: CellStyle(dim: true), centredWidth: nil))
        height += header.height
    }

    private mutating func paragraph(_ text: String, _ style: TextStyle, style cellStyle: CellStyle = CellStyle()) {
        let inner = max(1, width - 2 * Self.margin)
        let typeset = typeset(text, style, width: inner)
        var drawn = cellStyle
        drawn.bold = drawn.bold || typeset.isBold
        placed.append(Placed(text: typeset, x: Self.margin, y: height, style: drawn, centredWidth: nil))
        height += typeset.height
    }

    /// Tinted static labels beside their values; stacked at the accessibility
    /// sizes, or whenever the value would be squeezed too narrow to read.
    private mutating func labelled(_ rows: [(label: String, value: String?, style: CellStyle)]) {
        let inner = max(1, width - 2 * Self.margin)
        let labels = rows.map { typeset($0.label, .body, width: inner) }
        let labelWidth = labels.map(\.width).max() ?? 0
        let gap = 2
        let valueWidth = inner - labelWidth - gap
        let stacked = category.isAccessibilityCategory || valueWidth < 12
        for (row, label) in zip(rows, labels) {
            placed.append(Placed(text: label, x: Self.margin, y: height, style: CellStyle(color: .tint), centredWidth: nil))
            let valueText = row.value.flatMap { $0.isEmpty ? nil : $0 } ?? "—"
            var style = row.style
            if row.value == nil { style.dim = true }
            if stacked {
                height += label.height
                let value = typeset(valueText, .body, width: inner)
                placed.append(Placed(text: value, x: Self.margin, y: height, style: style, centredWidth: nil))
                height += value.height
            } else {
                let value = typeset(valueText, .body, width: valueWidth)
                placed.append(Placed(text: value, x: Self.margin + labelWidth + gap, y: height, style: style, centredWidth: nil))
                height += max(label.height, value.height)
            }
        }
    }

    /// Draws the content scrolled down by `scroll` lines into `area`, cut at its edges.
    func draw(into frame: inout Frame, area: Rect, scroll: Int) {
        frame.clipped(to: area) { frame in
            for item in placed {
                let y = area.y + item.y - scroll
                guard y + item.text.height > area.y, y < area.maxY else { continue }
                if let centred = item.centredWidth {
                    frame.drawCentred(item.text, x: area.x + item.x, width: centred, y: y, style: item.style)
                } else {
                    frame.draw(item.text, x: area.x + item.x, y: y, style: item.style)
                }
            }
        }
    }
}
