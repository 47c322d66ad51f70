import ArgumentParser
import Foundation
import Manifest
import ManifestGenerator
import Model
import PostgresStore
import Store
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
            When standard output is a terminal, control characters are shown as on screen rather than sent raw.
            Exit codes: 0 ok, 64 usage, 66 no such store, 69 the database server cannot be reached, 74 I/O error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Option(help: "csv or json.")
    var format: Format = .csv

    @Option(help: ArgumentHelp("Only deliveries with this status: pending, out_for_delivery, delivered or failed.", valueName: "status"))
    var status: StatusFilter = .all

    @Option(help: ArgumentHelp("Only deliveries the search finds (as / finds them).", valueName: "text"))
    var search: String = ""

    @Option(help: ArgumentHelp("The store: a file or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).", valueName: "path|url"))
    var store: String?

    @Argument(help: ArgumentHelp("The store, as --store names it.", valueName: "store"))
    var path: String?

    func validate() throws {
        _ = try StoreArgument.chosen(option: store, argument: path)
    }

    func run() throws {
        let deliveryStore = StoreArgument.open(try StoreArgument.chosen(option: store, argument: path))
        let sanitizes = isatty(1) == 1
        func clean(_ text: String) -> String { sanitizes ? Sanitizer.sanitize(text) : text }
        var output = BufferedOutput()
        do {
            switch format {
            case .csv:
                output.write(DeliveryCSV.record(DeliveryCSV.header))
                try deliveryStore.forEachDelivery(matching: search, status: status) { delivery in
                    output.write(clean(DeliveryCSV.record(for: delivery)))
                    try output.flushIfFull()
                }
            case .json:
                var writer = ManifestWriter()
                var bytes: [UInt8] = []
                writer.begin(&bytes)
                try deliveryStore.forEachDelivery(matching: search, status: status) { delivery in
                    writer.append(delivery, to: &bytes)
                    output.write(clean(String(decoding: bytes, as: UTF8.self)))
                    bytes.removeAll(keepingCapacity: true)
                    try output.flushIfFull()
                }
                writer.end(&bytes)
                output.write(String(decoding: bytes, as: UTF8.self))
            }
            try output.flush()
        } catch let error as StoreError {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        } catch {
            Diagnostics.fail("writing standard output failed: \(error.localizedDescription)", ExitStatus.ioError)
        }
    }
}

/// Standard output in big writes.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    mutating func write(_ text: String) { buffer.append(contentsOf: text.utf8) }

    mutating func flushIfFull() throws {
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws {
        try FileHandle.standardOutput.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The store export and summary read: `--store`, or the `[STORE]` argument
/// (a file or a `postgresql://` URL; never both), or the default store. An
/// existing store only: a missing file is never created.
enum StoreArgument {
    /// The one store `option` and `argument` name; a usage error when they name two.
    static func chosen(option: String?, argument: String?) throws -> String? {
        if let option, let argument, option != argument {
            throw ValidationError("Name the store once: --store \(PostgresLocation.redacting(option)) or \(PostgresLocation.redacting(argument)), not both.")
        }
        return option ?? argument
    }

    static func open(_ store: String?) -> any DeliveryStoring {
        if let store, PostgresLocation.isURL(store) {
            do {
                return try StoreOpener.open(store)
            } catch {
                Diagnostics.fail(error.description, ExitCode(error.exitCode))
            }
        }
        let url = store.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        guard FileManager.default.fileExists(atPath: url.path) else {
            Diagnostics.fail("\(url.path): no such store (import a manifest first: idelivermobile import FILE)", ExitStatus.noInput)
        }
        do {
            return try DeliveryStore(url: url)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }
}
