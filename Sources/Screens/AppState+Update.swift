import Model
import RowLayout

extension AppState {
    /// The next state for a message, and the work the runtime must do for it.
    ///
    /// The Elm architecture's `update`: the only way a state changes.
    /// On a value type `inout` is the same as returning a new state; it
    /// spares a copy of the state per key. Slow or outside work is never done
    /// here but asked for as a `Command`, whose result comes back as another
    /// message; so a test can drive the whole program with a script of
    /// messages and look at the states and the commands. It starts no
    /// threads, opens no fonts ahead and never measures every row
    /// (`Command.prepareSizes` does, on a worker); what it reads besides the
    /// state's values is rows through `source` as the layout measures the
    /// ones it brings on screen, for a store synchronous reads of pages of
    /// the local file as it was when the state last heard it changed:
    /// docs/update-and-render.md lists each and why.
    public mutating func update(_ message: Message) -> [Command] {
        let shownNotice = noticeSerial
        let shownVersion = screenVersion
        // Most messages change what is shown; the few that may not say so by
        // putting the version back.
        screenVersion &+= 1
        var commands: [Command]
        var noticeExpires = true
        switch message {
        case .key(let key):
            commands = handle(key)
        case .resized(let newSize):
            // Always drawn again, even at the same size: the terminal may have
            // been given away (a suspension) and the screen lost.
            resize(to: newSize)
            commands = []
        case .cellSizeChanged(let cell):
            setCellPixels(cell)
            commands = []
        case .suspendRequested:
            commands = [.suspend]
        case .terminated(let signal):
            commands = [.quitAfterSignal(signal)]
        case .inputClosed:
            commands = [.quit]
        case .idle:
            commands = idle(wasDrawnAt: shownVersion)
        case .noticeExpired(let serial):
            if serial == noticeSerial, keyProofNotice == serial {
                // Up long enough to be read: from now on the next key takes it away.
                keyProofNotice = nil
                screenVersion = shownVersion
            } else if serial == noticeSerial, notice != nil {
                notice = nil
            } else {
                screenVersion = shownVersion
            }
            commands = []
        case .clock(let time):
            if time != now { now = time } else { screenVersion = shownVersion }
            // The late view follows the minute: deliveries become late as it passes.
            commands = time != nil && search.isLateOnly && shownRows.lateAt != now ? searchAgain(keeping: selectedDelivery?.id) : []
        case .searched(let request, _) where !request.findsSameRows(as: currentSearch(selection: .sameIndex)):
            // Rows (or a failure) for a search the user has since changed are
            // not this one's: its own answer is still to come.
            screenVersion = shownVersion
            commands = []
        case .searched(let request, let result):
            isSearching = false
            commands = show(request, result) + actOnKeysAwaitingList()
        case .rowsLearnt(let request) where !isLearningRows || !request.findsSameRows(as: currentSearch(selection: .sameIndex)):
            screenVersion = shownVersion
            commands = []
        case .rowsLearnt:
            isLearningRows = false
            if notice == Self.readingRestNotice { notice = nil }
            if let row = jumpAwaitingRows {
                jumpAwaitingRows = nil
                jump(to: row)
            }
            commands = []
        case .counted(let query, let counts):
            // A count for a search the user has since left is not this one's.
            if query == search.query { (overview, overviewQuery) = (counts, query) } else { screenVersion = shownVersion }
            commands = []
        case .statusSaved(let request, let result):
            commands = show(request, result)
            // The save finished away from the keys: the notice stays until the next key,
            // and a change stays at least until its timer has run, whatever keys come.
            noticeExpires = keyProofNotice == noticeSerial
        case .sizesPrepared(let request, let heights):
            // Nothing shown changes, unless the layout takes its own full layout (the scrollbar settles).
            screenVersion = shownVersion
            if request.list == listSerial {
                keepAhead(heights)
                if layout.awaitsExactHeights, heights.contains(where: { layout.takeExactHeights($0) }) { screenVersion &+= 1 }
            }
            commands = []
        case .deliveryRead(let delivery):
            refreshShipment(delivery)
            if let words = shownNoticeSubject?.changedElsewhere(delivery) {
                // The notice said "saved" of a status the delivery no longer has: it says what it has now, until read.
                noticeSubject = nil
                notice = words
                keyProofNotice = noticeSerial
            }
            commands = []
        case .textSizeNotSaved(let failure):
            notice = "Could not save the text size: \(failure.reason)"
            commands = []
        case .openFailed:
            notice = "Nothing here opens links (no xdg-open); the address is a link where the terminal shows them"
            commands = []
        case .storeBusy:
            noticeExpires = false
            // Still waiting: say why, once, rather than seem frozen.
            if let shown = notice, !shown.hasSuffix(Self.busySuffix) {
                notice = shown + Self.busySuffix
            } else {
                screenVersion = shownVersion
            }
            commands = []
        case .storeChanged:
            commands = readAgain()
            if case .shipment(let shown, _) = route { commands.append(.readDelivery(id: shown.id)) }
            // The delivery the notice speaks of may be one another browser changed.
            if let subject = shownNoticeSubject, !commands.contains(.readDelivery(id: subject.deliveryID)) {
                commands.append(.readDelivery(id: subject.deliveryID))
            }
        case .synced(let report):
            commands = synced(report)
        }
        if noticeExpires, noticeSerial != shownNotice, notice != nil {
            commands.append(.startNoticeTimer(serial: noticeSerial))
        }
        // A layout waiting for its full layout shows estimates: ask at once, not when typing pauses.
        if sizesAheadAreStale, layout.awaitsExactHeights, !commands.contains(where: \.preparesSizes) {
            sizesAheadAreStale = false
            commands.append(.prepareSizes(sizesAhead()))
        }
        return commands
    }

    static let busySuffix = " (the store is busy)"
    static let readingRestNotice = "Reading the rest of the rows…"

    // MARK: - Idle work

    /// Rows measured exactly in one idle slice (and 16 times as many
    /// estimated): well under a millisecond, so a key that comes while the
    /// runtime gives idle work its slices waits for one slice at most.
    static let refinementSlice = 32

    /// Whether `.idle` has work left: the title bar's counts behind the
    /// search, the sizes ahead to ask for again, or row heights to refine on
    /// the list shown. The runtime sends `.idle` again while this holds and no key waits.
    public var hasIdleWork: Bool {
        overviewIsStale || sizesAheadAreStale || (route == .deliveries && layout.hasRefinementLeft)
    }

    /// A slice of row-height refinement, and the title bar's counts and the
    /// sizes ahead when they are behind; nothing is drawn unless the screen
    /// would show a change.
    private mutating func idle(wasDrawnAt shownVersion: Int) -> [Command] {
        screenVersion = shownVersion
        var commands: [Command] = []
        if overviewIsStale {
            overviewIsStale = false
            commands.append(.countStatuses(query: search.query))
        }
        if sizesAheadAreStale {
            sizesAheadAreStale = false
            commands.append(.prepareSizes(sizesAhead()))
        }
        if route == .deliveries, layout.hasRefinementLeft {
            let listHeight = Self.listHeight(size: size)
            let before = ListAppearance(layout, trackHeight: listHeight)
            layout.refine(budget: Self.refinementSlice, trackHeight: listHeight)
            if ListAppearance(layout, trackHeight: listHeight) != before { screenVersion &+= 1 }
        }
        return commands
    }

    // MARK: - The store's answers

    /// Shows the rows a search read, with the selection where the request said.
    private mutating func show(_ request: SearchRequest, _ result: Result<any DeliverySource, CommandFailure>) -> [Command] {
        switch result {
        case .failure(let failure):
            notice = "Could not read the store: \(failure.reason)"
        case .success(let rows):
            // The list without a search stays at hand while a search is shown, for Esc.
            if shownRows.query.isEmpty, !request.query.isEmpty {
                listBeforeSearch = ListBeforeSearch(
                    source: source, layout: layout, selected: selected, rows: shownRows,
                    overview: overviewQuery == shownRows.query ? overview : nil)
            } else if request.query.isEmpty {
                listBeforeSearch = nil
            }
            // The same rows sorted another way keep their heights.
            let reordered = request.sort != shownRows.sort && request.query == shownRows.query
                && request.status == shownRows.status && request.lateAt == shownRows.lateAt
            shownRows = request
            switch request.selection {
            case .firstRow:
                replaceSource(rows, selecting: 0, reordered: reordered)
                // Typed, then Enter before the rows came: the count Enter would have said.
                if !search.isEditing, !search.query.isEmpty { notice = foundNotice }
            case .sameIndex: replaceSource(rows, reordered: reordered)
            // Keep the user's place: the same delivery, else the nearest listed one.
            case .delivery(let id): replaceSource(rows, selecting: rows.row(nearestTo: id) ?? selected, reordered: reordered)
            }
            // Learn the rest at once, off the loop, before a key needs it (End would wait for it in a big list).
            if rows.cheaplyReadableRows < rows.count {
                isLearningRows = true
                return [.learnRemainingRows(request)]
            }
        }
        return []
    }

    /// Says what came of a status change and, when something changed, reads
    /// the list, the counts and the open delivery again.
    private mutating func show(_ request: StatusRequest, _ result: Result<StatusSave, CommandFailure>) -> [Command] {
        let named: (Delivery?) -> String = { $0.map { "\($0.name): " } ?? "" }
        switch (request, result) {
        case (_, .failure(let failure)):
            notice = "Could not save: \(failure.reason)"
            return []
        case (.setStatus(let status, _), .success(.unchanged(let delivery))):
            // Nothing changed: say so rather than "saved".
            notice = named(delivery) + "already \(status.title)"
            return []
        case (.undo(let id), .success(.unchanged)):
            notice = id == nil ? "Nothing of yours to undo" : "Nothing of yours to undo on this delivery"
            return []
        case (_, .success(.refused(let reason))):
            notice = "Not undone: " + reason
            return []
        case (_, .success(.changed(let id, let status, let delivery, let queued))):
            if let delivery { refreshShipment(delivery) }
            // An undo may change a delivery other than the one on screen: the notice names it.
            let undone = if case .undo = request { true } else { false }
            let saved = named(delivery) + (undone ? "undone, back to \(status.title)" : "saved as \(status.title) · u undoes it")
            // In a team store's replica, saved here first: "saved" once the hub has it (`synced`).
            if let queued {
                // With the hub away it waits, as the bar beside it says ("Offline: … waiting to send").
                let waits = if case .offline = sync?.link { true } else { false }
                let sent = SentChangeNotice(
                    sequence: queued,
                    savedHere: named(delivery) + (undone ? "undone here, back to \(status.title)" : "saved here as \(status.title)"),
                    saved: saved)
                noticeWhenSent = sent
                notice = sent.waiting(hubAway: waits)
            } else {
                notice = saved
            }
            keyProofNotice = noticeSerial
            noticeSubject = NoticeSubject(deliveryID: id, naming: named(delivery), status: status, offersUndo: !undone, serial: noticeSerial)
            return readAgain()
        }
    }

    /// The search shown, read again after the store changed, and its counts;
    /// until its rows come, the rows shown read the store's latest.
    private mutating func readAgain() -> [Command] {
        source.moveToLatest()
        listBeforeSearch = nil
        return [.search(currentSearch(selection: .sameIndex)), .countStatuses(query: search.query)]
    }

    /// The search the list shows now, with the selection going where `selection` says.
    func currentSearch(selection: SearchRequest.Selection) -> SearchRequest {
        SearchRequest(
            query: search.query, status: search.status, sort: search.sort, lateAt: search.isLateOnly ? now : nil, selection: selection)
    }
}
