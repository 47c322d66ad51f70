import ArgumentParser
import Foundation
import Model
import Store
import Typesetting

/// `idelivermobile summary`: counts per status and the late deliveries.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Print a store's deliveries per status and which are late.",
        discussion: """
            Text output (stable; fields separated by two or more spaces):
              52 deliveries in PATH
                pending           17
                out_for_delivery  22
                delivered          8
                failed             5
              3 late at 12:30
                DLV-0001  09:00-12:00  out_for_delivery  Feng Wong
            A delivery is late when its window has ended by --now (default: the local time now) and it is \
            still to deliver (pending or out for delivery; a failed one is not late). The late lines' columns \
            are aligned. JSON output: {"store", "now", "total", "counts": {status: n}, "late": [{"id", \
            "name", "window", "status"}]}, keys sorted.
            A manifest (JSON, told apart by content whatever its name) is read into memory instead (nothing is \
            written) and summed up as the store import makes from it would be, named by its path as a store file is.
            Exit codes: 0 ok, 64 usage, 65 not a store (or empty) or a manifest that fails validation, 66 no such store (or a directory), \
            69 the database server cannot be reached, 74 I/O error (a failed write to standard output too).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text or json.")
    var format: Format = .text

    @OptionGroup var clock: ClockOption

    @Option(help: ArgumentHelp("The store: a file or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).", valueName: "path|url"))
    var store: String?

    @Option(help: ArgumentHelp("Where the local replica of a postgresql:// store is kept (default: $XDG_DATA_HOME/idelivermobile/replicas/).", valueName: "path"))
    var replica: String?

    @Argument(help: ArgumentHelp("The store, as --store names it (or a manifest, read in memory).", valueName: "store"))
    var path: String?

    struct Report: Encodable {
        struct Late: Encodable {
            var id: String
            var name: String
            var window: String
            var status: String
        }

        var store: String
        var now: String
        var total: Int
        var counts: [String: Int]
        var late: [Late]
    }

    func validate() throws {
        _ = try StoreArgument.chosen(option: store, argument: path)
    }

    func run() throws {
        let chosen = try StoreArgument.chosen(option: store, argument: path)
        let now = clock.current
        let location: String, counts: StatusCounts, late: [Delivery]
        if let manifest = StoreArgument.manifest(chosen) {
            // Counted in memory, as the store would count the same deliveries once imported.
            let deliveries = DeliveryInput.deliveries(ofManifest: manifest, text: nil, status: nil)
            (location, counts, late) = (manifest.path, StatusCounts(counting: deliveries), deliveries.filter { $0.isLate(at: now) })
        } else {
            let deliveryStore = StoreArgument.open(chosen, replica: replica)
            // A team database is named by its address (its replica is where it was read).
            location = chosen.map { StoreOpener.isDatabaseURL($0) ? StoreArgument.printable($0) : deliveryStore.location } ?? deliveryStore.location
            do {
                (counts, late) = (try deliveryStore.statusCounts(matching: ""), try deliveryStore.lateDeliveries(at: now))
            } catch {
                Diagnostics.fail(error.description, ExitCode(error.exitCode))
            }
        }
        let report = Report(
            store: location, now: now.description, total: counts.total,
            counts: Dictionary(uniqueKeysWithValues: DeliveryStatus.allCases.map { ($0.rawValue, counts[$0]) }),
            late: late.map { Report.Late(id: $0.id, name: $0.name, window: $0.window ?? "", status: $0.status.rawValue) })
        switch format {
        case .json:
            // Exact for scripts (JSON escapes control characters); on a terminal, as the screens show text.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(report) else { Diagnostics.fail("cannot encode the summary", ExitStatus.software) }
            let json = String(decoding: data, as: UTF8.self)
            StandardOutput.writeJSON(json)
        case .text:
            // For people, wherever it goes: every line through the screens' gate.
            func print(_ line: String) { StandardOutput.say(line) }
            print("\(report.total) deliver\(report.total == 1 ? "y" : "ies") in \(report.store)")
            let width = DeliveryStatus.allCases.map(\.rawValue.count).max() ?? 0
            for status in DeliveryStatus.allCases {
                let count = String(report.counts[status.rawValue] ?? 0)
                let digits = String(report.total).count
                print("  " + status.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                      + String(repeating: " ", count: max(0, digits - count.count)) + count)
            }
            print("\(report.late.count) late at \(report.now)")
            // Columns as wide as their widest entry in terminal columns, measured as they will be shown, so they line up.
            let rows = report.late.map { [$0.id, $0.window, $0.status, $0.name].map(Sanitizer.sanitize) }
            let widths = (0 ..< 3).map { column in rows.map { DisplayWidth.columns(of: $0[column]) }.max() ?? 0 }
            for row in rows {
                let padded = (0 ..< 3).map { row[$0] + String(repeating: " ", count: widths[$0] - DisplayWidth.columns(of: row[$0])) }
                print("  " + (padded + [row[3]]).joined(separator: "  "))
            }
        }
    }
}
