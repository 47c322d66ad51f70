import ArgumentParser
import Foundation
import Model
import Typesetting

/// The `idelivermobile` command: browse by default, or render, import, generate.
@main
struct IDeliverMobile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idelivermobile",
        abstract: "Browse deliveries in the terminal, with Dynamic Type text sizes.",
        discussion: """
        Keys: Up/Down or j/k move (a count before repeats: 5j, 10G), PgUp/PgDn/Space page, Ctrl-D/U half a page, \
        Home/End g/G, Enter opens a shipment, Esc goes back, + and - change the text size (0: Large), \
        / searches (n/N next/previous match, Esc cancels), f/F filter by status, L lists the late deliveries, \
        s sorts; on a shipment d/f/p/o mark it delivered/failed/pending/out for delivery; u undoes; \
        ? shows the keys of the screen it is opened from; q quits (Ctrl-C: exit status 130).
        """,
        version: AppVersion.string,
        subcommands: [
            BrowseCommand.self, RenderCommand.self, GenerateCommand.self, ImportCommand.self, ExportCommand.self, SummaryCommand.self, GrantCommand.self,
        ],
        defaultSubcommand: BrowseCommand.self
    )

    static func main() {
        StandardOutput.reserveClosedStandardDescriptors()
        suggestCommand(for: Array(CommandLine.arguments.dropFirst()))
        main(nil)
    }

    /// A first word that is no command and no file, but near a command's
    /// name (`summry`), would be browsed as a store that is not there: says
    /// which command was meant instead (EX_USAGE), as git does.
    static func suggestCommand(for arguments: [String]) {
        guard let word = arguments.first, !word.hasPrefix("-"), !word.contains("/"), !word.contains("."),
              !FileManager.default.fileExists(atPath: word) else { return }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), let nearest = CommandSuggestion.nearest(to: word, among: names).first else { return }
        Diagnostics.fail(
            "'\(Sanitizer.sanitize(word))' is not a command, nor a file here. Did you mean '\(nearest)'? (idelivermobile --help lists the commands)",
            ExitStatus.usage)
    }
}
