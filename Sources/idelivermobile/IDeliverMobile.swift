import ArgumentParser

/// The `idelivermobile` command: browse by default, or render, import, generate.
@main
struct IDeliverMobile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idelivermobile",
        abstract: "Browse deliveries in the terminal, with Dynamic Type text sizes.",
        discussion: """
        Keys: Up/Down or j/k move (a count before repeats: 5j, 10G), PgUp/PgDn/Space page, Ctrl-D/U half a page, \
        Home/End g/G, Enter opens a shipment, Esc goes back, + and - change the text size (0: Large), \
        / searches (n/N next/previous match), f/F filter by status, s sorts, ? shows help, q quits.
        """,
        version: AppVersion.string,
        subcommands: [
            BrowseCommand.self, RenderCommand.self, GenerateCommand.self, ImportCommand.self, ExportCommand.self, SummaryCommand.self, GrantCommand.self,
        ],
        defaultSubcommand: BrowseCommand.self
    )

    static func main() {
        StandardOutput.reserveClosedStandardDescriptors()
        main(nil)
    }
}
