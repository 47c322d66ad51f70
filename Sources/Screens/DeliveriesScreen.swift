import Canvas
import RowLayout
import Typesetting

/// The list: one row per delivery, a scrollbar, a title bar and a status bar.
struct DeliveriesScreen {
    let state: AppState

    func draw(into frame: inout Frame) {
        let listTop = 1
        let listHeight = AppState.listHeight(size: state.size)
        let rowWidth = frame.width - 1
        let fixedHeight = state.strategy == .fixed ? state.layout.height(ofRow: 0) : nil

        // Rows draw into their own band so a row straddling an edge is clipped cleanly.
        var band = Frame(width: rowWidth, height: listHeight)
        for visible in state.layout.visibleRows() {
            let content = state.measurer.content(ofRow: visible.row, in: state.layout.context, fixedHeight: fixedHeight)
            content.draw(into: &band, y: visible.y, width: rowWidth, isSelected: visible.row == state.selected)
        }
        if state.source.count == 0 {
            let message = state.search.query.isEmpty && state.search.status == .all ? "No deliveries" : "No matches"
            band.write(message, x: max(0, (rowWidth - message.count) / 2), y: listHeight / 2, style: CellStyle(dim: true))
        }
        frame.blit(band, x: 0, y: listTop)

        if state.layout.totalHeight > listHeight {
            Scrollbar(thumb: state.layout.scrollbarThumb(trackHeight: listHeight), trackHeight: listHeight)
                .draw(into: &frame, x: frame.width - 1, y: listTop)
        }
        TitleBar(leading: "Deliveries", title: nil, trailing: filterSummary).draw(into: &frame)
        statusBar.draw(into: &frame)
        if state.search.isEditing {
            frame.cursor = (x: min(frame.width - 1, 1 + DisplayWidth.columns(of: "Search: " + state.search.query)), y: frame.height - 1)
        }
    }

    private var filterSummary: String {
        var parts: [String] = []
        if !state.search.query.isEmpty { parts.append("“\(state.search.query)”") }
        if state.search.status != .all { parts.append(state.search.status.title) }
        return parts.joined(separator: " · ")
    }

    private var statusBar: StatusBar {
        let count = state.source.count
        let position = count == 0 ? "0 deliveries" : "\(state.selected + 1)/\(count)"
        if state.search.isEditing {
            return StatusBar(position: "Search: " + state.search.query, textSize: "Text size: \(state.category.name)", hints: ["⏎ done  ⎋ clear"])
        }
        return StatusBar(
            position: position,
            textSize: "Text size: \(state.category.name)",
            hints: state.notice.map { [$0] } ?? ["↑↓ move  ⏎ open  +/- size  / search  ? help  q quit", "⏎ open  +/- size  ? help", "? help"]
        )
    }
}
