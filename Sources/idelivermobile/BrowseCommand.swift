import ArgumentParser
import Foundation
import Manifest
import Model
import PostgresStore
import Screens
import Store
import Terminal
import Typesetting

/// `idelivermobile [browse] [PATH]`: the interactive screens.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse deliveries interactively (the default command).",
        discussion: """
            A manifest (.json) is first imported into the store (the default store, or --store), \
            so status changes made on the Shipment screen are saved and survive a restart. \
            Without PATH the bundled sample deliveries are imported into the default store on first run.
            """
    )

    @Argument(help: "A manifest (.json) or a store (.sqlite or postgresql:// URL). Default: the bundled sample deliveries.")
    var path: String?

    @Option(help: ArgumentHelp("The store to use: a file or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).", valueName: "path|url"))
    var store: String?

    @OptionGroup var display: DisplayOptions

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
        let store = try openStore()
        let preference = TextSizePreference()
        let category = display.category ?? preference.load() ?? .large
        let source: any DeliverySource
        do throws(StoreError) {
            source = try BrowseRuntime.rows(for: SearchRequest(query: "", status: .all), in: store)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }

        // Asked before ncurses starts, on the raw terminal, so its answers never reach ncurses.
        let environment = ProcessInfo.processInfo.environment
        var glyphs = (try? display.chosenGlyphs(environment: environment)).flatMap { $0 } ?? .automatic
        var glyphsLabel = glyphs.rawValue
        var replies: ProbeReplies?
        if glyphs == .automatic {
            replies = GlyphDetection.isMultiplexed(environment) ? nil : TerminalProbe.ask()
            glyphs = GlyphDetection.choose(environment: environment, replies: replies)
            glyphsLabel = GlyphDetection.label(for: glyphs, environment: environment, replies: replies)
        }
        var typesetter = display.typesetter(glyphs: glyphs)
        typesetter.glyphsLabel = glyphsLabel
        if (try? display.chosenRightToLeft(environment: environment)).flatMap({ $0 }) == nil {
            typesetter.rightToLeft = RightToLeftDetection.ordering(environment: environment, version: replies?.version)
        }
        let terminal = TerminalSession()
        let writer = StatusWriter(store: store, whenDone: { [wakeUp = terminal.wakeUp] in wakeUp.wake() })
        // Runs last: after the terminal is restored, queued status changes are saved.
        var patience: Duration?
        defer { Self.finishWrites(writer, to: store, patience: patience) }
        terminal.start()
        defer { terminal.stop() }
        let state = AppState(
            source: source, size: terminal.size, category: category,
            typesetter: typesetter, strategy: display.rowHeights
        )
        let textSize = LatestValueWriter<ContentSizeCategory>(label: "idelivermobile.text-size", whenWritten: { [wakeUp = terminal.wakeUp] in
            wakeUp.wake()
        }) { try preference.save($0) }
        // The size last chosen is on disk before the program exits, however it exits.
        defer { textSize.waitUntilIdle() }
        // Consumed: the runtime's state is then the only one, so the row-height
        // index is not copied on its first change (14 bytes a row: at 10^7 a
        // 140 MB copy that held up the first keys by up to 120 ms).
        var runtime = BrowseRuntime(
            state: consume state, terminal: terminal, store: store, writer: writer, textSize: textSize, clock: clock)
        let ending = runtime.run()
        if case .signal(let number) = ending {
            textSize.waitUntilIdle()
            // The terminal is restored first, then the shell hears 128 + signal.
            terminal.stop()
            // Ended from outside (a closed terminal, a shutdown): the changes get a while, not for ever.
            Self.finishWrites(writer, to: store, patience: Self.patienceWhenSignalled)
            IDeliverMobile.exit(withError: ExitCode(128 + number))
        }
        // Nobody is there to give up with Ctrl-C.
        if terminal.hasHungUp { patience = Self.patienceWhenSignalled }
    }

    /// How long a browser ended by a signal or a closed terminal waits for
    /// its server to come back to save changes made while it was away.
    static let patienceWhenSignalled: Duration = .seconds(30)

    /// Waits for queued status changes to be saved, saying so on stderr;
    /// for the way out, once the terminal is restored. Changes made while
    /// the server was away are waited for too, until it is back (for ever
    /// with no `patience`: Ctrl-C gives up), each named first so that
    /// whoever gives up knows what to do again; those still unsent when
    /// patience runs out are named again.
    private static func finishWrites(_ writer: StatusWriter, to store: any DeliveryStoring, patience: Duration?) {
        let pending = writer.pendingCount
        if pending > 0 {
            Diagnostics.warn("saving \(pending) status change\(pending == 1 ? "" : "s") to \(store.location) before exiting… (Ctrl-C gives up)")
            writer.waitUntilIdle()
        }
        for outcome in writer.takeOutcomes() {
            if case .failure(let error) = outcome.result { Diagnostics.warn("could not save a status change: \(error)") }
        }
        var unsent = store.unsentChanges
        guard !unsent.isEmpty else { return }
        // The terminal is restored, its signals back to their defaults: the hang-up that
        // ends a closed terminal's processes, which may come now, must not end this wait.
        if patience != nil { signal(SIGHUP, SIG_IGN) }
        func listed(_ changes: [(deliveryID: String, status: DeliveryStatus)]) -> String {
            changes.map { Sanitizer.sanitize($0.deliveryID) + " → " + $0.status.title }.joined(separator: ", ")
        }
        let changes = unsent.count == 1 ? "the status change" : "\(unsent.count) status changes"
        Diagnostics.warn("\(store.location) is unreachable: waiting for it to save \(changes) made meanwhile ("
                         + listed(unsent) + ")… (" + (patience.map { "giving up in \($0.components.seconds) s; " } ?? "") + "Ctrl-C gives up)")
        let deadline = patience.map { ContinuousClock.now + $0 }
        while !unsent.isEmpty, deadline.map({ ContinuousClock.now < $0 }) ?? true {
            Thread.sleep(forTimeInterval: 0.1)
            unsent = store.unsentChanges
        }
        if unsent.isEmpty {
            Diagnostics.warn("saved")
        } else {
            Diagnostics.warn("gave up; not saved: " + listed(unsent))
        }
    }

    /// The store to browse, with PATH (or the bundled data) imported into it when it is a manifest.
    private func openStore() throws -> any DeliveryStoring {
        let manifest: URL?
        let deliveryStore: any DeliveryStoring
        var createdStore: URL?
        do {
            if StoreOpener.isDatabaseURL(path) || (path == nil && StoreOpener.isDatabaseURL(store)) {
                // A team database is browsed as it is: the bundled sample is never imported into it.
                deliveryStore = try StoreOpener.open(path ?? store)
                manifest = nil
            } else if let path, !path.lowercased().hasSuffix(".json") {
                guard FileManager.default.fileExists(atPath: path) else {
                    Diagnostics.fail("\(path): no such store", ExitStatus.noInput)
                }
                deliveryStore = try DeliveryStore(url: URL(fileURLWithPath: path))
                manifest = nil
            } else {
                if StoreOpener.isDatabaseURL(store) {
                    deliveryStore = try StoreOpener.open(store)
                } else {
                    let url = store.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
                    createdStore = FileManager.default.fileExists(atPath: url.path) ? nil : url
                    deliveryStore = try DeliveryStore(url: url)
                }
                manifest = path.map { URL(fileURLWithPath: $0) } ?? BundledData.manifestURL
            }
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
        if let manifest {
            let bar = ImportProgressBar.standardError()
            do {
                _ = try deliveryStore.importManifestIfChanged(at: manifest, reader: ManifestReader(), progress: bar?.handler)
                bar?.finish()
            } catch {
                bar?.finish()
                // A first run that failed leaves nothing behind: no empty store to puzzle over,
                // and no -wal or -shm beside one that was there.
                deliveryStore.close()
                if let createdStore { StoreFiles.remove(createdStore) }
                Diagnostics.fail(PostgresLocation.redacting("\(error)"), ExitCode(ImportCommand.exitCode(for: error)))
            }
        }
        return deliveryStore
    }
}
