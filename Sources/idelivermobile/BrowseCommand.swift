import ArgumentParser
import Foundation
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

    func run() throws {
        guard TerminalSession.isInteractive else {
            Diagnostics.fail(
                "browse needs a terminal, but stdin or stdout is not one. To print a screen as text, use: idelivermobile render --size 80x24",
                ExitStatus.usage
            )
        }
        DisplayWidth.prepareLocale()
        var session = StoreSession(store: try openStore())
        let preference = TextSizePreference()
        let category = display.category ?? preference.load() ?? .large
        let source: any DeliverySource
        do { source = try session.source() } catch { Diagnostics.fail(error.description, ExitCode(error.exitCode)) }

        let terminal = TerminalSession()
        terminal.start()
        defer { terminal.stop() }
        var state = AppState(
            source: source, size: terminal.size, category: category,
            typesetter: display.typesetter, strategy: display.rowHeights
        )
        var needsDrawing = true
        var idleTicks = 0
        while !terminal.shouldStop {
            if needsDrawing { terminal.draw(state.render()) }
            guard let key = terminal.nextKey(timeoutMilliseconds: 50) else {
                // Idle: refine row heights, and now and then look for other instances' changes.
                idleTicks += 1
                needsDrawing = state.refine()
                if idleTicks % session.ticksBetweenChangeChecks == 0 {
                    needsDrawing = session.refreshIfChangedElsewhere(&state) || needsDrawing
                }
                needsDrawing = session.showConnectionNotice(&state) || needsDrawing
                continue
            }
            needsDrawing = true
            for effect in state.handle(key) {
                switch effect {
                case .quit:
                    return
                case .saveTextSize(let category):
                    do { try preference.save(category) } catch { state.setNotice("Could not save the text size: \(error.localizedDescription)") }
                case .setStatus, .undoStatusChange, .search:
                    session.perform(effect, on: &state)
                }
            }
        }
    }

    /// The store to browse, with PATH (or the bundled data) imported into it when it is a manifest.
    private func openStore() throws -> any DeliveryStoring {
        let manifest: URL?
        let deliveryStore: any DeliveryStoring
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
                deliveryStore = try StoreOpener.open(store)
                manifest = path.map { URL(fileURLWithPath: $0) } ?? BundledData.manifestURL
            }
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
        if let manifest {
            let bar = ProgressBar.standardError()
            var progress: (@Sendable (ImportProgress) -> Void)?
            if let bar { progress = { bar.show($0) } }
            do {
                _ = try deliveryStore.importManifestIfChanged(at: manifest, reader: ManifestReader(), progress: progress)
                bar?.finish()
            } catch {
                bar?.finish()
                Diagnostics.fail(PostgresLocation.redacting("\(error)"), ExitCode(ImportCommand.exitCode(for: error)))
            }
        }
        return deliveryStore
    }
}
