import ArgumentParser
import Foundation
import Manifest
import ManifestGenerator
import Model
import Store
import TeamHub
import Typesetting

/// `idelivermobile export`: a store's deliveries as CSV or as a manifest.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a store's deliveries to standard output as CSV or JSON.",
        discussion: """
            CSV (RFC 4180, CRLF line ends) has a header line and the columns id, name, line1, line2, phone, \
            text, status, window, instructions, items (QUANTITY×NAME joined by "; "). JSON is a manifest \
            ({"deliveries": [...]}, one delivery a line) that `idelivermobile import` reads back into the \
            same store. Deliveries are in store order; --status and --search choose them as the f and / keys do. \
            The data is kept exactly: JSON escapes control characters (\\u001b), CSV quotes a field holding one and keeps it. \
            When standard output is a terminal, control characters are shown as on screen rather than sent raw: \
            redirect to a file or a pipe for the exact bytes. The store is only read (never created or written).
            A manifest (JSON, told apart by content whatever its name) is read into memory instead and exported \
            as the store import makes from it would be, in manifest order; --status and --search read a store only.
            Exit codes: 0 ok, 64 usage, 65 not a store (or empty) or a manifest that fails validation, 66 no such store (or a directory), \
            69 the database server cannot be reached, 74 I/O error (a failed write to standard output too).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Option(help: "csv or json.")
    var format: Format = .csv

    @Option(help: ArgumentHelp("Only deliveries with this status: pending, out_for_delivery, delivered or failed; all (the default) takes every one.", valueName: "status"))
    var status: StatusFilter = .all

    @Option(help: ArgumentHelp("Only deliveries the search finds (as / finds them).", valueName: "text"))
    var search: String = ""

    @Option(help: ArgumentHelp("The store: a file or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).", valueName: "path|url"))
    var store: String?

    @Option(help: ArgumentHelp("Where the local replica of a postgresql:// store is kept (default: $XDG_DATA_HOME/idelivermobile/replicas/).", valueName: "path"))
    var replica: String?

    @Argument(help: ArgumentHelp("The store, as --store names it (or a manifest, read in memory).", valueName: "store"))
    var path: String?

    func validate() throws {
        _ = try StoreArgument.chosen(option: store, argument: path)
    }

    func run() throws {
        let chosen = try StoreArgument.chosen(option: store, argument: path)
        // Every delivery, in order, to `body`: a manifest's from memory (it has no search: a filter is refused), or the store's.
        let forEachDelivery: ((Delivery) throws -> Void) throws -> Void
        if let manifest = StoreArgument.manifest(chosen) {
            let deliveries = DeliveryInput.deliveries(
                ofManifest: manifest, text: search.isEmpty ? nil : search, status: status == .all ? nil : status)
            forEachDelivery = { body in try deliveries.forEach(body) }
        } else {
            let deliveryStore = StoreArgument.open(chosen, replica: replica)
            forEachDelivery = { body in try deliveryStore.forEachDelivery(matching: search, status: status, body) }
        }
        var output = BufferedOutput(sanitizes: isatty(1) == 1)
        do {
            var bytes: [UInt8] = []
            switch format {
            case .csv:
                DeliveryCSV.append(record: DeliveryCSV.header, to: &bytes)
                try forEachDelivery { delivery in
                    DeliveryCSV.append(delivery, to: &bytes)
                    output.write(&bytes)
                    output.flushIfFull()
                }
            case .json:
                var writer = ManifestWriter()
                writer.begin(&bytes)
                try forEachDelivery { delivery in
                    writer.append(delivery, to: &bytes)
                    output.write(&bytes)
                    output.flushIfFull()
                }
                writer.end(&bytes)
            }
            output.write(&bytes)
            output.flush()
        } catch let error as StoreError {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        } catch {
            Diagnostics.fail("exporting failed: \(error.localizedDescription)", ExitStatus.ioError)
        }
    }
}

/// Standard output in big writes; to a terminal, with control characters
/// shown as on screen (`Sanitizer`, line by line) rather than sent raw.
struct BufferedOutput {
    let sanitizes: Bool
    private var buffer: [UInt8] = []

    init(sanitizes: Bool) {
        self.sanitizes = sanitizes
    }

    /// Takes the bytes of whole records (UTF-8), leaving `bytes` empty for the next.
    mutating func write(_ bytes: inout [UInt8]) {
        if sanitizes {
            // CSV's CRLF record ends are line ends on screen, not ␍.
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            buffer.append(contentsOf: Sanitizer.sanitizeLines(text).utf8)
        } else {
            buffer.append(contentsOf: bytes)
        }
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func flushIfFull() {
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        StandardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The store export and summary read: `--store`, or the `[STORE]` argument
/// (a file or a `postgresql://` URL; never both), or the default store. An
/// existing store only, opened read-only, or a manifest read in memory:
/// nothing is created or written.
enum StoreArgument {
    /// The one store `option` and `argument` name; a usage error when they name two.
    static func chosen(option: String?, argument: String?) throws -> String? {
        if let option, let argument, option != argument {
            throw ValidationError("Name the store once: --store \(StoreArgument.printable(option)) or \(StoreArgument.printable(argument)), not both.")
        }
        return option ?? argument
    }

    /// A store named on the command line, fit to print: a URL without its password.
    static func printable(_ store: String) -> String {
        guard StoreOpener.isDatabaseURL(store) else { return store }
        return (try? HubAddress(parsing: store))?.redacted ?? "the postgresql:// URL given"
    }

    /// The manifest `store` names, when the file holds one (told by content,
    /// whatever its name): read in memory instead of opened as a store.
    static func manifest(_ store: String?) -> URL? {
        guard let store, !StoreOpener.isDatabaseURL(store), InputFile.holdsManifest(store) else { return nil }
        return URL(fileURLWithPath: store)
    }

    /// The store to read: a team database's replica (caught up first when its hub answers), or a file.
    static func open(_ store: String?, replica: String?) -> any DeliverySearching {
        if let store, StoreOpener.isDatabaseURL(store) { return TeamStoreOpener.openForReading(store, replica: replica) }
        let url = store.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        do {
            return try DeliveryStore(url: url, access: .readOnly)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }
}
