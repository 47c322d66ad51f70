import Canvas
import Model
import Typesetting

/// The detail of one delivery: name, address, labelled values, items.
struct ShipmentScreen {
    let delivery: Delivery
    let scroll: Int
    let state: AppState

    func draw(into frame: inout Frame) {
        let area = AppState.shipmentArea(in: state.size, pairs: state.typesetter.mayDoubleLines)
        let content = ShipmentContent(delivery, width: area.width, category: state.category, typesetter: state.typesetter, now: state.now)
        let offset = min(scroll, max(0, content.height - area.height))
        content.draw(into: &frame, area: area, scroll: offset)
        if let scrollbar = Scrollbar(contentHeight: content.height, viewportHeight: area.height, offset: offset) {
            let track = AppState.scrollbarArea(in: state.size, pairs: state.typesetter.mayDoubleLines)
            scrollbar.draw(into: &frame, area: Rect(x: track.x, y: area.y, width: track.width, height: area.height),
                           atTheEdge: state.typesetter.mayDoubleLines)
        }
        TitleBar(leading: "‹ Deliveries", title: "Shipment", trailing: "").draw(into: &frame)
        ShipmentStatusLine(status: delivery.status).draw(into: &frame, y: area.y - 1)
        // The mark keys are on the status line above; the size keys are kept longest.
        StatusBar(
            position: delivery.id,
            textSize: state.category.name,
            message: state.statusMessage,
            hints: [
                StatusHint("u undo", priority: 3), StatusHint("y/Y copy", priority: 4), StatusHint("O map", priority: 5),
                StatusHint("+/- size", priority: 0), StatusHint("⎋ back", priority: 2), StatusHint("? help", priority: 1),
            ],
            count: state.count
        ).draw(into: &frame)
        // The line scrolled to the top, where reading goes on: magnifiers and braille displays follow the cursor.
        frame.cursor = (x: area.x + ShipmentContent.margin, y: area.y)
        frame.hidesCursor = !state.showsCursor
    }
}

extension AppState {
    /// Keeps the Shipment screen's scroll within its content.
    func clampedShipmentScroll(_ scroll: Int, for delivery: Delivery) -> Int {
        let area = Self.shipmentArea(in: size, pairs: typesetter.mayDoubleLines)
        let content = ShipmentContent(delivery, width: area.width, category: category, typesetter: typesetter, now: now)
        return min(max(0, scroll), max(0, content.height - area.height))
    }
}
