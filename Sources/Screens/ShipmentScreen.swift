import Canvas
import Model
import Typesetting

/// The detail of one delivery: name, address, labelled values, items.
struct ShipmentScreen {
    let delivery: Delivery
    let scroll: Int
    let state: AppState

    func draw(into frame: inout Frame) {
        let area = AppState.contentArea(in: state.size, pairs: state.typesetter.mayDoubleLines)
        let content = ShipmentContent(delivery, width: area.width, category: state.category, typesetter: state.typesetter, now: state.now)
        let offset = min(scroll, max(0, content.height - area.height))
        content.draw(into: &frame, area: area, scroll: offset)
        if let scrollbar = Scrollbar(contentHeight: content.height, viewportHeight: area.height, offset: offset) {
            scrollbar.draw(into: &frame, area: AppState.scrollbarArea(in: state.size, pairs: state.typesetter.mayDoubleLines), atTheEdge: state.typesetter.mayDoubleLines)
        }
        TitleBar(leading: "‹ Deliveries", title: "Shipment", trailing: "").draw(into: &frame)
        StatusBar(
            position: delivery.id,
            textSize: state.category.name,
            message: state.statusMessage,
            hints: [
                StatusHint("d delivered", priority: 2), StatusHint("f failed", priority: 3), StatusHint("p pending", priority: 4),
                StatusHint("o out", priority: 5), StatusHint("u undo", priority: 6), StatusHint("y/Y copy", priority: 7),
                StatusHint("O map", priority: 8), StatusHint("⎋ back", priority: 0), StatusHint("? help", priority: 1),
            ]
        ).draw(into: &frame)
    }
}

extension AppState {
    /// Keeps the Shipment screen's scroll within its content.
    func clampedShipmentScroll(_ scroll: Int, for delivery: Delivery) -> Int {
        let area = Self.contentArea(in: size, pairs: typesetter.mayDoubleLines)
        let content = ShipmentContent(delivery, width: area.width, category: category, typesetter: typesetter, now: now)
        return min(max(0, scroll), max(0, content.height - area.height))
    }
}
