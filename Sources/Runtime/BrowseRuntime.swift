import Foundation
import Model
import RowLayout
import Screens
import Store
import TeamSync
import Terminal
import Typesetting

/// The one place where the browse screens touch the world: it turns the
/// terminal's events, its own clock and the store's news into messages for
/// `AppState.update`, carries out the commands `update` returns, sends what
/// came of them back as messages, and draws a frame when the state says the
/// screen changed (`AppState.screenVersion`).
///
/// Searches and counts, which take up to a second at a million rows, go to
/// workers that answer the newest request (`LatestRequestWorker`, which
/// stops a superseded read): a key in the search field is drawn at once,
/// and the rows follow as `.searched` when they are read. One delivery is
/// read on the loop (an indexed lookup). Status changes go to a
/// `StatusWriter` thread, so a store locked by an import never freezes the
/// loop. A team store's `SyncEngine` talks to the hub on its own thread;
/// its reports become `.synced` and the hub's changes `.storeChanged`, so
/// nothing here ever waits for the network. Workers, writers and the engine
/// ring the terminal's `wakeUp` when they have news, so it is taken at once;
/// only idle work waits for a tick.
///
/// Synchronous local SQLite reads on the loop, each an indexed lookup of one
/// row in the local file (never the network): the delivery a saved change
/// or `.readDelivery` names, so that the notice and the open Shipment screen
/// show it as saved; and `refreshIfChangedElsewhere`, a PRAGMA about once a
/// second, to see another process's commits.
public struct BrowseRuntime {
    /// How long the loop waits for input before it counts a tick as idle.
    static let tickMilliseconds: Int32 = 50
    /// How long a notice a key caused stays up.
    static let noticeDuration: Duration = .seconds(4)
    /// Idle ticks between clock messages: about a second, so late marks follow the minute.
    static let ticksBetweenClockReadings = 20
    /// How long a tick without input may spend on idle work (row-height
    /// refinement), a slice at a time, stopping early when a key comes: a
    /// tenth of the tick, so a million-row list is refined without taking
    /// the machine.
    static let idleWorkPerTick: Duration = .milliseconds(5)

    /// How the loop ended.
    public enum Ending: Error, Equatable {
        case quit
        /// A terminating signal: the program exits with 128 + it once the terminal is restored.
        case signal(Int32)
    }

    public private(set) var state: AppState
    let terminal: any TerminalIO
    let store: any DeliveryReading & DeliverySearching
    let writer: StatusWriter
    /// Saves the text size off the loop: its fsync would hold up every `+`/`-`.
    let textSize: LatestValueWriter<ContentSizeCategory>
    let clock: BrowseClock
    /// Opens a URL (a map, a phone number) outside the terminal: the desktop's opener.
    let opener: @Sendable (String) -> Bool
    /// A team store's sync engine: its reports become `.synced`, its hub's changes `.storeChanged`.
    let sync: SyncEngine?
    /// Reads the rows of the newest search off the loop.
    let searches: LatestRequestWorker<SearchRequest, Result<any DeliverySource, CommandFailure>>
    /// Counts the deliveries per status of the newest query off the loop.
    let counts: LatestRequestWorker<String, StatusCounts?>
    /// Learns the rest of a large search result's rows off the loop (End needs them).
    let rest: LatestRequestWorker<RemainingRows, Void>
    /// Draws the rows and measures the list at the next text sizes (and the
    /// list's own full layout) off the loop, behind the keys.
    let sizes: LatestRequestWorker<SizesAhead, [ExactHeights]>
    /// Opens the fonts of the text sizes near this one and of every script,
    /// beside `sizes`, so its heights do not wait for fonts.
    let fonts: LatestRequestWorker<SizesAhead, Void>
    /// Reads the sort orders ahead once the first frame is drawn, so a first `s` finds them.
    let sortOrders: LatestRequestWorker<Void, Void>
    private var drawnVersion: Int?
    /// When the loop last handled input or an idle tick: the next idle tick is a tick after.
    private var quietSince = ContinuousClock.now
    private var idleTicks = 0
    private var noticeDeadline: (serial: Int, at: ContinuousClock.Instant)?

    public init(state: AppState, terminal: any TerminalIO, store: any DeliveryReading & DeliverySearching, writer: StatusWriter,
                textSize: LatestValueWriter<ContentSizeCategory>, clock: BrowseClock, sync: SyncEngine? = nil,
                opener: @escaping @Sendable (String) -> Bool = SystemOpener.open) {
        self.state = state
        self.terminal = terminal
        self.store = store
        self.writer = writer
        self.textSize = textSize
        self.clock = clock
        self.sync = sync
        self.opener = opener
        let wakeUp = terminal.wakeUp
        searches = LatestRequestWorker(label: "idelivermobile.search", whenAnswered: { wakeUp.wake() }) { request in
            do throws(StoreError) {
                let rows = try Self.rows(for: request, in: store)
                // Where the kept delivery is, read here rather than on the loop (finding it may mean
                // counting the rows before it, slow in a big list); the rows remember it for the screen.
                if case .delivery(let id) = request.selection { _ = rows.row(nearestTo: id) }
                return .success(rows)
            } catch {
                return .failure(CommandFailure(reason: error.reason))
            }
        }
        counts = LatestRequestWorker(label: "idelivermobile.counts", whenAnswered: { wakeUp.wake() }) { query in
            try? store.statusCounts(matching: query)
        }
        // A failure answers too: End then reads on the loop as before, and the rows say why if they cannot.
        rest = LatestRequestWorker(label: "idelivermobile.rest", whenAnswered: { wakeUp.wake() }) { remaining in
            try? remaining.rows.learnRemainingRows()
        }
        sizes = LatestRequestWorker(label: "idelivermobile.sizes", behindTheKeys: true, whenAnswered: { wakeUp.wake() }) { $0.prepare() }
        fonts = LatestRequestWorker(label: "idelivermobile.fonts", behindTheKeys: true) { $0.prepareFonts() }
        // Nothing to say when done: a sort takes what the store kept.
        sortOrders = LatestRequestWorker(label: "idelivermobile.sort-orders", behindTheKeys: true) { _ in try? store.readSortOrdersAhead() }
    }

    /// The rows shown whose rest a worker learns, and the search that found them.
    struct RemainingRows: Sendable {
        let request: SearchRequest
        let rows: any DeliverySource
    }

    /// The rows a search shows: every delivery for the plain list, else the store's search.
    public static func rows(for request: SearchRequest, in store: any DeliveryReading & DeliverySearching) throws(StoreError) -> any DeliverySource {
        if let now = request.lateAt { return try LateRows.rows(for: request, at: now, in: store) }
        if request.query.isEmpty && request.status == .all && request.sort == .manifest { return try store.deliveries() }
        return try store.search(request.query, status: request.status, sort: request.sort)
    }

    /// Runs until a command ends the program.
    public mutating func run() -> Ending {
        defer { stopWorkAhead() }
        do throws(Ending) {
            try send(.clock(clock.current))
            // The first frame before the work started at start, which would compete with it for the processor.
            terminal.draw(state.render())
            drawnVersion = state.screenVersion
            sortOrders.submit(())
            try carryOut(state.initialCommands())
            while true {
                if drawnVersion != state.screenVersion {
                    terminal.draw(state.render())
                    drawnVersion = state.screenVersion
                }
                // Until the next idle tick, unless a key or a worker's news comes first.
                let sinceQuiet = (ContinuousClock.now - quietSince) / .milliseconds(1)
                let wait = Int32(max(0, (Double(Self.tickMilliseconds) - sinceQuiet).rounded(.up)))
                if let event = terminal.nextEvent(timeoutMilliseconds: wait) {
                    quietSince = .now
                    try send(Self.message(for: event))
                    // A resize may come with a new cell size (the font zoomed): images are sized for it.
                    if case .resized = event, let cell = terminal.takeChangedCellPixels() { try send(.cellSizeChanged(cell)) }
                } else if ContinuousClock.now - quietSince >= .milliseconds(Int(Self.tickMilliseconds)) {
                    quietSince = .now
                    try idleTick()
                }
                try sendAnswers()
            }
        } catch {
            return error
        }
    }

    /// Stops the work done ahead of the keys and waits for it: the store is
    /// closed once the loop ends, and nothing may read it after that.
    private func stopWorkAhead() {
        sizes.cancel()
        fonts.cancel()
        sortOrders.cancel()
        sizes.waitUntilIdle()
        fonts.waitUntilIdle()
        sortOrders.waitUntilIdle()
    }

    static func message(for event: TerminalEvent) -> Message {
        switch event {
        case .key(let key): .key(key)
        case .resized(let size): .resized(size)
        case .suspendRequested: .suspendRequested
        case .terminated(let signal): .terminated(signal: signal)
        case .hungUp: .inputClosed
        }
    }

    // MARK: - Messages

    /// Updates the state with a message and carries out what it asks, the
    /// replies included, until nothing is left to do.
    private mutating func send(_ message: Message) throws(Ending) {
        try carryOut(state.update(message))
    }

    private mutating func carryOut(_ commands: [Command]) throws(Ending) {
        var replies: [Message] = []
        for command in commands {
            if let reply = try perform(command) { replies.append(reply) }
        }
        for reply in replies { try send(reply) }
    }

    /// No input for a tick: the idle message, then what the clocks and the
    /// store have to say, in the order the screen should learn it.
    private mutating func idleTick() throws(Ending) {
        idleTicks += 1
        let until = ContinuousClock.now + Self.idleWorkPerTick
        try send(.idle)
        if let deadline = noticeDeadline, ContinuousClock.now >= deadline.at {
            noticeDeadline = nil
            try send(.noticeExpired(serial: deadline.serial))
        }
        try sendSavedStatuses(orBusy: true)
        // About once a second (another process's commits: a browser on the same store or replica);
        // never while our own writer waits, as asking would wait behind it.
        if idleTicks % 20 == 0, writer.pendingCount == 0, (try? store.refreshIfChangedElsewhere()) == true {
            try send(.storeChanged)
        }
        if clock.fixed == nil, idleTicks % Self.ticksBetweenClockReadings == 0 {
            try send(.clock(clock.current))
        }
        // More slices of idle work until the tick's share is spent or a key waits:
        // the key then waits for one slice, not for all the work.
        while state.hasIdleWork, ContinuousClock.now < until, !terminal.hasPendingInput() {
            try send(.idle)
        }
    }

    /// The rows and counts the workers read, the statuses the writer saved
    /// and the text size that could not be saved since the last look, rows first.
    private mutating func sendAnswers() throws(Ending) {
        for (request, rows) in searches.takeAnswers() { try send(.searched(request, rows)) }
        for (remaining, _) in rest.takeAnswers() { try send(.rowsLearnt(remaining.request)) }
        for (ahead, heights) in sizes.takeAnswers() { try send(.sizesPrepared(ahead, heights)) }
        for (query, counted) in counts.takeAnswers() { try send(.counted(query: query, counted)) }
        try sendSavedStatuses(orBusy: false)
        if let news = sync?.takeNews() {
            if let report = news.report { try send(.synced(report)) }
            if news.rowsChanged { try send(.storeChanged) }
        }
        for reason in textSize.takeFailures() { try send(.textSizeNotSaved(CommandFailure(reason: reason))) }
    }

    /// What the writer saved since the last look, with each delivery read
    /// back; with `orBusy`, when it saved nothing, whether it still waits for the store's lock.
    private mutating func sendSavedStatuses(orBusy: Bool) throws(Ending) {
        for message in finishedWrites(orBusy: orBusy) { try send(message) }
    }

    private func finishedWrites(orBusy: Bool) -> [Message] {
        let outcomes = writer.takeOutcomes()
        if outcomes.isEmpty { return orBusy && writer.isWaitingForLock ? [.storeBusy] : [] }
        return outcomes.map { outcome in
            switch outcome.result {
            case .failure(let error):
                return .statusSaved(outcome.request, .failure(CommandFailure(reason: error.reason)))
            case .success(.changed(let change)):
                // A local indexed lookup, to show the delivery as saved.
                let delivery = try? store.delivery(id: change.deliveryID)
                return .statusSaved(outcome.request, .success(.changed(
                    deliveryID: change.deliveryID, status: change.newStatus, delivery: delivery, queued: change.outboxSequence)))
            case .success(.refused(_, let reason)):
                return .statusSaved(outcome.request, .success(.refused(reason: reason)))
            case .success(.unchanged):
                guard case .setStatus(_, let id) = outcome.request else { return .statusSaved(outcome.request, .success(.unchanged(nil))) }
                return .statusSaved(outcome.request, .success(.unchanged(try? store.delivery(id: id))))
            }
        }
    }

    // MARK: - Commands

    /// Does what a command asks; the message that reports it, if any.
    private mutating func perform(_ command: Command) throws(Ending) -> Message? {
        switch command {
        case .quit:
            throw .quit
        case .quitAfterSignal(let signal):
            throw .signal(signal)
        case .suspend:
            terminal.suspend()
            return .resized(terminal.size)
        case .repaint:
            terminal.invalidate()
        case .saveTextSize(let category):
            textSize.submit(category)
        case .search(let request):
            // The rows shown are being replaced: their rest is old news.
            rest.cancel()
            searches.submit(request)
        case .learnRemainingRows(let request):
            rest.submit(RemainingRows(request: request, rows: state.source))
        case .prepareSizes(let ahead):
            sizes.submit(ahead)
            fonts.submit(ahead)
        case .countStatuses(let query):
            counts.submit(query)
        case .saveStatus(let request):
            writer.submit(request)
        case .readDelivery(let id):
            if let delivery = try? store.delivery(id: id) { return .deliveryRead(delivery) }
        case .startNoticeTimer(let serial):
            noticeDeadline = (serial, ContinuousClock.now + Self.noticeDuration)
        case .copyToClipboard(let text):
            terminal.copyToClipboard(text)
        case .open(let url):
            if !opener(url) { return .openFailed }
        case .lookedAtConflict(let changeID):
            sync?.lookedAt(changeID: changeID)
        }
        return nil
    }
}
