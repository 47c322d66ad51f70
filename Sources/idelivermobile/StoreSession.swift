import Model
import Screens
import Store

/// Carries out the screens' effects against the store (SQLite or PostgreSQL):
/// status changes, undo, search and filter; and notices changes another
/// instance saved.
struct StoreSession {
    let store: any DeliveryStoring
    private var query = ""
    private var filter: StatusFilter = .all
    /// The link notice last shown, so that it is set once, not on every tick.
    private var shownConnectionNotice: String?

    init(store: any DeliveryStoring) {
        self.store = store
    }

    /// The rows the list shows under the current search and filter.
    func source() throws(StoreError) -> any DeliverySource {
        if query.isEmpty && filter == .all { return try store.deliveries() }
        return try store.search(query, status: filter)
    }

    mutating func perform(_ effect: Effect, on state: inout AppState) {
        do throws(StoreError) {
            switch effect {
            case .setStatus(let id, let status):
                guard try store.setStatus(status, forDeliveryID: id) != nil else { return }
                try show(changeOf: id, notice: "saved as \(status.title)", on: &state)
            case .undoStatusChange:
                guard let change = try store.undoLastChange() else {
                    state.setNotice("Nothing to undo")
                    return
                }
                try show(changeOf: change.deliveryID, notice: "undone, back to \(change.newStatus.title)", on: &state)
            case .search(let newQuery, let newFilter):
                query = newQuery
                filter = newFilter
                state.replaceSource(try source(), selecting: 0)
            case .quit, .saveTextSize:
                break
            }
        } catch {
            state.setNotice("Could not save: \(error.reason)")
        }
    }

    /// Shows another instance's saved changes, if there are any.
    func refreshIfChangedElsewhere(_ state: inout AppState) -> Bool {
        guard (try? store.refreshIfChangedElsewhere()) == true, let source = try? source() else { return false }
        state.replaceSource(source)
        if case .shipment(let shown, _) = state.route, let fresh = try? store.delivery(id: shown.id) {
            state.refreshShipment(fresh)
        }
        return true
    }

    /// Idle ticks between looks for other instances' changes: every tick when
    /// the store is told of them (a flag to read), else about once a second.
    var ticksBetweenChangeChecks: Int { store.checksForChangesCheaply ? 1 : 20 }

    /// Puts the store's link notice (server lost, reconnecting, changes queued)
    /// in the status bar when it changes; true when the screen needs drawing.
    mutating func showConnectionNotice(_ state: inout AppState) -> Bool {
        let notice = store.connectionNotice
        guard notice != shownConnectionNotice else { return false }
        let wasShown = shownConnectionNotice
        shownConnectionNotice = notice
        if let notice {
            state.setNotice(notice)
        } else if wasShown != nil {
            state.setNotice("Connected to the store again")
        }
        return true
    }

    /// Shows a saved change in both screens, with a notice naming the
    /// delivery (an undo may change one other than the one on screen).
    private func show(changeOf id: String, notice: String, on state: inout AppState) throws(StoreError) {
        state.replaceSource(try source())
        let delivery = try store.delivery(id: id)
        if let delivery { state.refreshShipment(delivery) }
        state.setNotice((delivery.map { "\($0.name): " } ?? "") + notice)
    }
}
