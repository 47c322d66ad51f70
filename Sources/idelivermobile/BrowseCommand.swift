import ArgumentParser
import Foundation
import Model
import Screens
import Terminal
import Typesetting

/// `idelivermobile [browse] [PATH]`: the interactive screens.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse deliveries interactively (the default command)."
    )

    @Argument(help: "A manifest (.json) or a store (.sqlite). Default: the bundled sample deliveries.")
    var path: String?

    @OptionGroup var display: DisplayOptions

    func run() throws {
        guard TerminalSession.isInteractive else {
            Diagnostics.fail(
                "browse needs a terminal, but stdin or stdout is not one. To print a screen as text, use: idelivermobile render --size 80x24",
                ExitStatus.usage
            )
        }
        DisplayWidth.prepareLocale()
        let url = path.map { URL(fileURLWithPath: $0) } ?? BundledData.manifestURL
        var backend = try InMemoryBackend(source: DeliveryInput.loadManifest(at: url))
        let preference = TextSizePreference()
        let category = display.category ?? preference.load() ?? .large

        let terminal = TerminalSession()
        terminal.start()
        defer { terminal.stop() }
        var state = AppState(
            source: backend.source, size: terminal.size, category: category,
            typesetter: display.typesetter, strategy: display.rowHeights
        )
        while !terminal.wasSignalled {
            terminal.draw(state.render())
            guard let key = terminal.nextKey(timeoutMilliseconds: 100) else {
                state.refine()
                continue
            }
            for effect in state.handle(key) {
                switch effect {
                case .quit:
                    return
                case .saveTextSize(let category):
                    do { try preference.save(category) } catch { state.setNotice("Could not save the text size: \(error.localizedDescription)") }
                case .setStatus, .undoStatusChange, .search:
                    backend.perform(effect, on: &state)
                }
            }
        }
    }
}
