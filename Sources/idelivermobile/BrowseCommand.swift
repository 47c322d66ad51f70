import ArgumentParser
import Foundation
import Manifest
import Model
import Runtime
import Screens
import Store
import TeamSync
import Terminal
import Typesetting

/// `idelivermobile [browse] [PATH]`: the interactive screens.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse deliveries interactively (the default command).",
        discussion: """
            A manifest (JSON, whatever its name) is first imported into the store (the default store, or --store), \
            so status changes made on the Shipment screen are saved and survive a restart. \
            --store without PATH browses that store as it is. Without either, the default store is browsed; \
            on a first run (while it is empty) the bundled sample deliveries are imported into it.
            """
    )

    @Argument(help: "A manifest (JSON) or a store (SQLite file or postgresql:// URL), told apart by content. Default: the default store.")
    var path: String?

    @Option(help: ArgumentHelp("The store to use: a file or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).", valueName: "path|url"))
    var store: String?

    @Option(help: ArgumentHelp("Where the local replica of a postgresql:// store is kept (default: $XDG_DATA_HOME/idelivermobile/replicas/).", valueName: "path"))
    var replica: String?

    @OptionGroup var display: DisplayOptions

    /// Whether the terminal's cursor shows on the selection (it is put there either way).
    enum CursorVisibility: String, ExpressibleByArgument, CaseIterable {
        case hidden, visible
    }

    @Option(help: ArgumentHelp(
        "hidden (default) or visible: the terminal's cursor is put at the start of the selected delivery's name either way, for screen magnifiers and braille displays; visible also shows it.",
        valueName: "hidden|visible"
    ))
    var cursor: CursorVisibility = .hidden

    @OptionGroup var clock: ClockOption

    func run() throws {
        guard TerminalSession.isInteractive else {
            Diagnostics.fail(
                "browse needs a terminal, but stdin or stdout is not one. To print a screen as text, use: idelivermobile render --size 80x24",
                ExitStatus.usage
            )
        }
        if let problem = TerminalRequirements.check() {
            Diagnostics.fail(problem.description, ExitStatus.configuration)
        }
        if !DisplayWidth.prepareLocale() {
            Diagnostics.warn("no UTF-8 locale is installed (not even C.UTF-8): characters beyond ASCII are shown as ?")
        }
        // Whose changes this browser makes, held for its whole run (`BrowserIdentity`).
        let identity: BrowserIdentity
        do throws(StoreError) {
            identity = try BrowserIdentity.claim()
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
        let (store, team, note) = try openStore(clientID: identity.author.clientID)
        // The screens' rows change only when they handle the message that says the store changed.
        store.keepViewForScreens()
        let preference = TextSizePreference()
        let category = display.category ?? preference.load() ?? .large
        let source: any DeliverySource
        do throws(StoreError) {
            source = try BrowseRuntime.rows(for: SearchRequest(query: "", status: .all), in: store)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }

        let terminal = TerminalSession()
        // Asked before ncurses starts, on the raw terminal, so its answers never reach ncurses.
        let environment = ProcessInfo.processInfo.environment
        var glyphs = (try? display.chosenGlyphs(environment: environment)).flatMap { $0 } ?? .automatic
        var glyphsLabel = glyphs.rawValue
        var graphics: PixelGraphics?
        var replies: ProbeReplies?
        if glyphs == .automatic || glyphs == .pixels {
            replies = GlyphDetection.isMultiplexed(environment) ? nil : terminal.probe()
            let windowCell = display.cellPixels ?? TerminalProbe.windowCell(), cells = TerminalProbe.windowCells()
            if glyphs == .automatic {
                glyphs = GlyphDetection.choose(environment: environment, replies: replies, windowCell: windowCell, cells: cells)
                glyphsLabel = GlyphDetection.label(for: glyphs, environment: environment, replies: replies)
            }
            if glyphs == .pixels {
                graphics = GlyphDetection.graphics(replies: replies ?? ProbeReplies(), windowCell: windowCell, cells: cells, assumingSixel: true)
                if let graphics {
                    glyphsLabel = GlyphDetection.label(
                        for: glyphs, environment: environment, replies: replies, graphics: graphics.graphicsProtocol)
                } else {
                    Diagnostics.warn("--glyphs pixels: the terminal's cell size in pixels is unknown (give it with --cell-size WxH); drawing mosaics")
                    glyphs = .automatic
                    glyphsLabel = GlyphDetection.label(for: glyphs, environment: environment, replies: replies)
                }
            }
        }
        var typesetter = display.typesetter(glyphs: glyphs, cellPixels: graphics?.cell)
        typesetter.glyphsLabel = glyphsLabel
        if (try? display.chosenRightToLeft(environment: environment)).flatMap({ $0 }) == nil {
            typesetter.rightToLeft = RightToLeftDetection.ordering(environment: environment, version: replies?.version)
        }
        terminal.graphics = graphics
        terminal.synchronizesOutput = replies?.synchronizesOutput == true
        terminal.keepsInkInBorder = BorderInk.isKept(environment: environment, version: replies?.version)
        // A team store's replica is kept in step with its hub on the engine's own thread.
        let sync = team.map { team in
            SyncEngine(store: team.store, address: team.address, author: identity.author, offline: team.offline,
                       whenNews: { [wakeUp = terminal.wakeUp] in wakeUp.wake() })
        }
        sync?.start()
        // After the terminal is given back and the last local write is done: what waits for the hub is said.
        defer { if let sync, let team { Self.finishSending(sync, replica: team.store) } }
        let writer = StatusWriter(store: store, author: identity.author, whenDone: { [wakeUp = terminal.wakeUp] in
            wakeUp.wake()
            sync?.kick()
        })
        // After the terminal is restored, queued status changes are saved.
        defer { Self.finishWrites(writer, to: store) }
        terminal.start()
        defer { terminal.stop() }
        var state = AppState(
            source: source, size: terminal.size, category: category,
            typesetter: typesetter, strategy: display.rowHeights,
            start: note.map { StartingView(notice: $0) }, showsCursor: cursor == .visible
        )
        // The engine's first report (offline when the hub did not answer at start) is in the first frame.
        if let report = sync?.takeNews().report { _ = state.update(.synced(report)) }
        let textSize = LatestValueWriter<ContentSizeCategory>(label: "idelivermobile.text-size", whenWritten: { [wakeUp = terminal.wakeUp] in
            wakeUp.wake()
        }) { try preference.save($0) }
        // The size last chosen is on disk before the program exits, however it exits.
        defer { textSize.waitUntilIdle() }
        // Consumed: the runtime's state is then the only one, so the row-height
        // index is not copied on its first change (14 bytes a row: for a big
        // store a copy large enough to hold up the first keys).
        var runtime = BrowseRuntime(
            state: consume state, terminal: terminal, store: store, writer: writer, textSize: textSize, clock: clock.browseClock, sync: sync)
        let ending = runtime.run()
        if case .signal(let number) = ending {
            textSize.waitUntilIdle()
            // The terminal is restored first, then the shell hears 128 + signal.
            terminal.stop()
            Self.finishWrites(writer, to: store)
            if let sync, let team { Self.finishSending(sync, replica: team.store) }
            IDeliverMobile.exit(withError: ExitCode(128 + number))
        }
        withExtendedLifetime(identity) {}
    }

    /// Waits for status changes still being written to the store (a long
    /// import may hold its lock), saying so on stderr; for the way out, once
    /// the terminal is restored. Local writes only: what a team store's
    /// replica has for its hub waits in its outbox (`finishSending`).
    private static func finishWrites(_ writer: StatusWriter, to store: any OpenedStore) {
        let pending = writer.pendingCount
        if pending > 0 {
            Diagnostics.warn("saving \(pending) status change\(pending == 1 ? "" : "s") to \(store.location) before exiting… (Ctrl-C gives up)")
            writer.waitUntilIdle()
        }
        for outcome in writer.takeOutcomes() {
            if case .failure(let error) = outcome.result { Diagnostics.warn("could not save a status change: \(error)") }
        }
    }

    /// How long a browser that quits while its hub answers gives the changes
    /// still in the outbox to reach it; offline, it does not wait at all.
    static let sendingPatience: Duration = .seconds(2)

    /// Ends the sync engine: changes still in the outbox stay on disk for the
    /// next start of a browser on this replica, and the program says how many.
    private static func finishSending(_ sync: SyncEngine, replica: DeliveryStore) {
        if case .online = sync.report?.link { _ = sync.waitUntilSent(patience: sendingPatience) }
        sync.stop()
        let waiting = (try? replica.outboxCount()) ?? 0
        guard waiting > 0 else { return }
        let changes = waiting == 1 ? "1 status change waits" : "\(waiting) status changes wait"
        Diagnostics.warn("\(changes) in \(replica.url.path) for the hub; the next start of idelivermobile on it sends "
                         + (waiting == 1 ? "it" : "them"))
    }

    /// The store to browse, its team (for a `postgresql://` store: its local
    /// replica, copied from the hub on the first start), and a note for the
    /// first frame. A manifest (PATH, decided by its content) is imported
    /// into `--store` or the default store first. Without PATH, `--store` is
    /// browsed as it is; the default store gets the bundled sample only when
    /// it is empty (a first run), and says so. A store is never filled
    /// behind its user's back.
    private func openStore(clientID: String) throws -> (any DeliveryStoring, TeamStoreOpener.Opened?, note: String?) {
        if StoreOpener.isDatabaseURL(path) || (path == nil && StoreOpener.isDatabaseURL(store)) {
            // A team database is browsed as it is: the bundled sample is never imported into it.
            let team = TeamStoreOpener.openForBrowsing(path ?? store ?? "", replica: replica, clientID: clientID)
            return (team.store, team, nil)
        }
        if StoreOpener.isDatabaseURL(store) {
            Diagnostics.fail("a manifest goes into a team database with: idelivermobile import FILE --store URL; then browse it with --store URL",
                             ExitStatus.usage)
        }
        if let path {
            switch InputFile.classify(path) {
            case .store(let url):
                return (Self.opened { () throws(StoreError) in try DeliveryStore(url: url) }, nil, nil)
            case .manifest(let manifest):
                return (Self.importing(manifest, into: store), nil, nil)
            }
        }
        if let store {
            let opened = Self.opened { () throws(StoreError) in
                try StoreFile.check(store, writing: true, mayCreate: false)
                return try DeliveryStore(url: URL(fileURLWithPath: store))
            }
            guard (try? opened.count()) == 0 else { return (opened, nil, nil) }
            return (opened, nil, "This store is empty: import deliveries with idelivermobile import FILE --store \(store)")
        }
        let defaultURL = StoreLocation.defaultURL()
        if StoreFile.content(at: defaultURL.path) != .missing {
            let opened = Self.opened { () throws(StoreError) in try DeliveryStore(url: defaultURL) }
            if (try? opened.count()) != 0 { return (opened, nil, nil) }
            opened.close()
        }
        // A first run: the sample, so that there is something to see.
        return (Self.importing(BundledData.manifestURL, into: nil), nil,
                "Showing the sample deliveries; import yours with idelivermobile import FILE")
    }

    private static func opened(_ open: () throws(StoreError) -> any DeliveryStoring) -> any DeliveryStoring {
        do {
            return try open()
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }

    /// Imports `manifest` into the store file `store` (nil: the default store)
    /// and returns the store. A failed import leaves no store it created.
    private static func importing(_ manifest: URL, into store: String?) -> any DeliveryStoring {
        let (deliveryStore, created) = opened(forImport: store)
        _ = ImportCommand.importing(manifest, into: deliveryStore, created: created)
        return deliveryStore
    }

    private static func opened(forImport store: String?) -> (any DeliveryStoring, created: StoreFiles.Created?) {
        do {
            return try StoreOpener.openForImport(store)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }
}
