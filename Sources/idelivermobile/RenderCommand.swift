import ArgumentParser
import Canvas
import Foundation
import Model
import Screens
import TeamHub
import Terminal
import Typesetting

extension StatusFilter: ExpressibleByArgument {}
extension GraphicsProtocol: ExpressibleByArgument {}

/// `idelivermobile render`: the frame `browse` would draw, as plain text.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print one screen as plain text, exactly as browse would draw it.",
        discussion: """
            Every line is exactly the requested width in display columns, with no escape codes. \
            With --ansi the screen is printed with escape sequences instead: colours, attributes, \
            DEC double-size lines and OSC 66 runs, the last two byte for byte as browse writes them. \
            With --pixel-runs the images of text that --glyphs pixels draws are listed as JSON \
            (docs/pixels.md), for tools that cut screenshots by character.
            """
    )

    enum ScreenName: String, ExpressibleByArgument, CaseIterable {
        case deliveries, shipment
    }

    @Argument(help: "A manifest (JSON) or a store (SQLite file or postgresql:// URL), told apart by content. Default: the store browse shows.")
    var path: String?

    @Option(help: ArgumentHelp("A store to read instead of PATH: a file or a postgresql:// URL.", valueName: "path|url"))
    var store: String?

    @Option(help: ArgumentHelp("Where the local replica of a postgresql:// store is kept (default: $XDG_DATA_HOME/idelivermobile/replicas/).", valueName: "path"))
    var replica: String?

    @Option(help: ArgumentHelp("Terminal size as WIDTHxHEIGHT.", valueName: "WxH"))
    var size: String = "80x24"

    @Option(help: "Which screen: deliveries or shipment.")
    var screen: ScreenName = .deliveries

    @Option(help: ArgumentHelp("The delivery to show on the shipment screen (default: the selected one).", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("Row index at the top of the list.", valueName: "row"))
    var top: Int?

    @Option(help: ArgumentHelp("Row index of the selection.", valueName: "row"))
    var select: Int?

    @Option(help: ArgumentHelp("Show the list as a search for TEXT shows it (a store only).", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Show one status only: pending, out_for_delivery, delivered or failed, or all (the default) (a store only).", valueName: "status"))
    var status: StatusFilter?

    @Flag(help: "Print escape sequences (colours, attributes, doubled lines, OSC 66) instead of plain text.")
    var ansi = false

    @Flag(help: ArgumentHelp(
        "Print the frame's images of text (--glyphs pixels) as JSON instead: per image its cell, the part shown, the face's advance in pixels, its text in visual order and each character's pixel columns."
    ))
    var pixelRuns = false

    @Option(help: ArgumentHelp("Colours the --ansi terminal has: 256 or 8.", valueName: "n"))
    var colors: Int = 256

    @Option(help: ArgumentHelp("How --ansi shows --glyphs pixels: sixel or kitty (graphics protocol).", valueName: "protocol"))
    var graphics: GraphicsProtocol = .sixel

    @OptionGroup var display: DisplayOptions

    @OptionGroup var clock: ClockOption

    func validate() throws {
        if ansi && pixelRuns { throw ValidationError("--ansi and --pixel-runs print different things: choose one.") }
        guard Size(parsing: size) != nil else {
            let most = Size.largestParsed
            throw ValidationError("--size must look like 80x24, at most \(most.width)x\(most.height), not '\(size)'.")
        }
    }

    func run() throws {
        DisplayWidth.prepareLocale()
        let source: any DeliverySource
        // A database counts its own overview; a file is never opened by its URL's name.
        var databaseOverview: StatusCounts?
        let database = [store, path].compactMap({ $0 }).first(where: HubAddress.isAddress)
        let input: InputFile?
        if let database {
            input = nil
            (source, databaseOverview) = DeliveryInput.database(database, replica: replica, text: search, status: status)
        } else {
            // A manifest or a store file, told apart by content; without either, what browse shows.
            let file: InputFile = store.map { .store(URL(fileURLWithPath: $0)) } ?? path.map(InputFile.classify) ?? DeliveryInput.defaultInput()
            input = file
            source = DeliveryInput.rows(of: file, text: search, status: status)
        }
        var selection = select
        if let id {
            // Every source render reads can tell where an id is (a store by its id key, not row by
            // row: 10^6 rows read for one id); the row nearest to a missing one is another delivery.
            guard let row = source.row(nearestTo: id), source.delivery(at: row).id == id else {
                Diagnostics.fail("no delivery with id '\(id)' in \(StoreArgument.printable(database ?? input?.path ?? ""))", ExitStatus.dataError)
            }
            selection = row
        }
        let start = StartingView(
            top: top, selected: selection, query: search ?? "", status: status ?? .all, opensShipment: screen == .shipment
        )
        var state = AppState(
            source: source, size: Size(parsing: size) ?? Size(width: 80, height: 24),
            category: display.category ?? .large, typesetter: display.typesetter, strategy: display.rowHeights, start: start
        )
        // What browse's runtime would tell the screens before its first frame.
        let counts = databaseOverview ?? input.flatMap { DeliveryInput.overview(of: source, input: $0, search: search ?? "") }
        _ = state.update(.counted(query: start.query, counts))
        _ = state.update(.clock(clock.current))
        let frame = state.render()
        if pixelRuns {
            StandardOutput.writeJSON(PixelRunListing(frame).json)
            return
        }
        // Images as browse sends them to xterm -ti vt340 (black on white, 1024 colour registers).
        let pixels = state.typesetter.cellPixels.map {
            PixelGraphics(graphicsProtocol: graphics, cell: $0, colorRegisters: 1024, maximumWidth: 1000)
        }
        let text = ansi ? AnsiEncoder(colorCount: colors, graphics: pixels).frame(frame) : frame.plainText
        // A full disk or a closed pipe must not look like success.
        StandardOutput.write(text)
    }
}
