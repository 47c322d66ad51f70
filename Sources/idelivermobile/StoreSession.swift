import Model
import Screens
import Store

/// Carries out the screens' effects against the store: status changes,
/// undo, search and filter; and notices changes another instance saved.
struct StoreSession {
    let store: DeliveryStore
    private var query = ""
    private var filter: StatusFilter = .all
    private var sort: DeliveryOrder = .manifest
    /// The title bar's counts are behind the search shown.
    private(set) var overviewIsStale = false

    init(store: DeliveryStore) {
        self.store = store
    }

    /// The rows the list shows under the current search and filter.
    func source() throws(StoreError) -> StoredDeliveries {
        if query.isEmpty && filter == .all && sort == .manifest { return try store.deliveries() }
        return try store.search(query, status: filter, sort: sort)
    }

    mutating func perform(_ effect: Effect, on state: inout AppState) {
        do throws(StoreError) {
            switch effect {
            case .setStatus(let id, let status):
                guard try store.setStatus(status, forDeliveryID: id) != nil else {
                    let name = try store.delivery(id: id).map { "\($0.name): " } ?? ""
                    state.setNotice(name + "already \(status.title)")
                    return
                }
                try show(changeOf: id, notice: "saved as \(status.title)", on: &state)
            case .undoStatusChange:
                guard let change = try store.undoLastChange() else {
                    state.setNotice("Nothing to undo")
                    return
                }
                try show(changeOf: change.deliveryID, notice: "undone, back to \(change.newStatus.title)", on: &state)
            case .search(let newQuery, let newFilter, let newSort, let keeping):
                query = newQuery
                filter = newFilter
                sort = newSort
                let rows = try source()
                // Keep the user's place: the same delivery, else the nearest listed one.
                let row = keeping.map { rows.row(nearestTo: $0) ?? state.selected } ?? 0
                state.replaceSource(rows, selecting: row)
                // Counting a search per status costs four more searches: done when typing pauses.
                overviewIsStale = true
            case .quit, .saveTextSize, .repaint, .copyToClipboard, .open:
                break
            }
        } catch {
            state.setNotice("Could not save: \(error.reason)")
        }
    }

    /// Counts the current search's deliveries per status for the title bar.
    mutating func showOverview(on state: inout AppState) {
        state.setOverview(try? store.statusCounts(matching: query))
        overviewIsStale = false
    }

    /// Shows another instance's saved changes, if there are any.
    mutating func refreshIfChangedElsewhere(_ state: inout AppState) -> Bool {
        guard (try? store.refreshIfChangedElsewhere()) == true, let source = try? source() else { return false }
        state.replaceSource(source)
        showOverview(on: &state)
        if case .shipment(let shown, _) = state.route, let fresh = try? store.delivery(id: shown.id) {
            state.refreshShipment(fresh)
        }
        return true
    }

    /// Shows a saved change in both screens, with a notice naming the
    /// delivery (an undo may change one other than the one on screen).
    private mutating func show(changeOf id: String, notice: String, on state: inout AppState) throws(StoreError) {
        state.replaceSource(try source())
        showOverview(on: &state)
        let delivery = try store.delivery(id: id)
        if let delivery { state.refreshShipment(delivery) }
        state.setNotice((delivery.map { "\($0.name): " } ?? "") + notice)
    }
}
