import Model
import Screens
import Store

/// Carries out the screens' effects against the store (SQLite or PostgreSQL):
/// status changes, undo, search, filter and sort; and notices changes
/// another instance saved.
///
/// Status changes and undo go to a `StatusWriter`, so the loop never waits
/// for the store's lock (an import in another process may hold it for
/// seconds): the screen says "saving…" at once and "saved" when the writer
/// reports back (`applyFinishedWrites`); `finishWrites()` saves what is
/// still queued before the program exits.
struct StoreSession {
    let store: any DeliveryStoring
    let writer: StatusWriter
    private var query = ""
    private var filter: StatusFilter = .all
    private var sort: DeliveryOrder = .manifest
    /// The title bar's counts are behind the search shown.
    private(set) var overviewIsStale = false
    /// The link notice last shown, so that it is set once, not on every tick.
    private var shownConnectionNotice: String?

    init(store: any DeliveryStoring) {
        self.store = store
        writer = StatusWriter(store: store)
    }

    /// The rows the list shows under the current search and filter.
    func source() throws(StoreError) -> any DeliverySource {
        if query.isEmpty && filter == .all && sort == .manifest { return try store.deliveries() }
        return try store.search(query, status: filter, sort: sort)
    }

    mutating func perform(_ effect: Effect, on state: inout AppState) {
        do throws(StoreError) {
            switch effect {
            case .setStatus(let id, let status):
                writer.submit(.setStatus(status, deliveryID: id))
                state.setNotice("Saving \(status.title)…")
            case .undoStatusChange:
                writer.submit(.undo)
                state.setNotice("Undoing…")
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

    /// Shows what the writer saved since the last call; true when the screen changed.
    mutating func applyFinishedWrites(_ state: inout AppState) -> Bool {
        let outcomes = writer.takeOutcomes()
        if outcomes.isEmpty {
            // Still waiting: say why, once, rather than seem frozen.
            if writer.isWaitingForLock, state.notice?.hasSuffix("(the store is busy)") == false {
                state.setNotice((state.notice ?? "Saving…") + " (the store is busy)")
                return true
            }
            return false
        }
        for outcome in outcomes {
            do throws(StoreError) {
                switch (outcome.request, outcome.result) {
                case (_, .failure(let error)):
                    state.setNotice("Could not save: \(error.reason)")
                case (.setStatus(let status, let id), .success(nil)):
                    // Nothing changed: say so rather than "saved".
                    let name = try store.delivery(id: id).map { "\($0.name): " } ?? ""
                    state.setNotice(name + "already \(status.title)")
                case (.setStatus(let status, let id), .success(_?)):
                    try show(changeOf: id, notice: "saved as \(status.title)", on: &state)
                case (.undo, .success(nil)):
                    state.setNotice("Nothing to undo")
                case (.undo, .success(let change?)):
                    try show(changeOf: change.deliveryID, notice: "undone, back to \(change.newStatus.title)", on: &state)
                }
            } catch {
                state.setNotice("Could not show the saved change: \(error.reason)")
            }
        }
        return true
    }

    /// Waits for queued status changes to be saved, saying so on stderr;
    /// for the way out, once the terminal is restored.
    func finishWrites() {
        let pending = writer.pendingCount
        if pending > 0 {
            Diagnostics.warn("saving \(pending) status change\(pending == 1 ? "" : "s") to \(store.location) before exiting… (Ctrl-C gives up)")
            writer.waitUntilIdle()
        }
        for outcome in writer.takeOutcomes() {
            if case .failure(let error) = outcome.result { Diagnostics.warn("could not save a status change: \(error)") }
        }
    }

    /// Shows another instance's saved changes, if there are any.
    mutating func refreshIfChangedElsewhere(_ state: inout AppState) -> Bool {
        // The writer may be waiting for the lock; asking now would wait behind it.
        guard writer.pendingCount == 0 else { return false }
        guard (try? store.refreshIfChangedElsewhere()) == true, let source = try? source() else { return false }
        state.replaceSource(source)
        showOverview(on: &state)
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
    private mutating func show(changeOf id: String, notice: String, on state: inout AppState) throws(StoreError) {
        state.replaceSource(try source())
        showOverview(on: &state)
        let delivery = try store.delivery(id: id)
        if let delivery { state.refreshShipment(delivery) }
        state.setNotice((delivery.map { "\($0.name): " } ?? "") + notice)
    }
}
