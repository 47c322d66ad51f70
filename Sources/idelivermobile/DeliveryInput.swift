import ArgumentParser
import Foundation
import Manifest
import Model
import Store

/// Opens what `render` draws: a manifest read into memory (nothing is
/// written anywhere), or an existing store read lazily.
enum DeliveryInput {
    static func open(_ url: URL) -> any DeliverySource {
        guard FileManager.default.fileExists(atPath: url.path) else {
            Diagnostics.fail("\(url.path): no such file", ExitStatus.noInput)
        }
        if url.pathExtension.lowercased() == "json" {
            do {
                return InMemoryDeliveries(try ManifestReader().read(contentsOf: url))
            } catch {
                Diagnostics.fail(error.description, ExitCode(error.exitCode))
            }
        }
        do {
            return try DeliveryStore(url: url, access: .readOnly).deliveries()
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }

    /// A team database's rows, or its search results, and the search's
    /// deliveries per status for the title bar, read from its replica
    /// (caught up first when the hub answers).
    static func database(_ url: String, replica: String?, text: String?, status: StatusFilter?) -> (rows: any DeliverySource, overview: StatusCounts) {
        do {
            let store = TeamStoreOpener.openForReading(url, replica: replica)
            let overview = try store.statusCounts(matching: text ?? "")
            if text == nil && status == nil { return (try store.deliveries(), overview) }
            return (try store.search(text ?? "", status: status ?? .all), overview)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }

    /// A store file given with `--store`: all its rows, or its search results.
    static func store(_ url: URL, text: String?, status: StatusFilter?) -> any DeliverySource {
        if text == nil && status == nil { return open(url) }
        return search(url, text: text ?? "", status: status ?? .all)
    }

    /// A store's search results, as the `/` field and the `s` filter show them.
    static func search(_ url: URL, text: String, status: StatusFilter) -> any DeliverySource {
        guard url.pathExtension.lowercased() != "json" else {
            Diagnostics.fail("--search and --status read a store; import \(url.path) first (idelivermobile import)", ExitStatus.usage)
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Diagnostics.fail("\(url.path): no such file", ExitStatus.noInput)
        }
        do {
            return try DeliveryStore(url: url, access: .readOnly).search(text, status: status)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }

    /// Deliveries per status for the title bar, counted where the rows came
    /// from (a team database counts them in `database`): a store file counts
    /// the search with SQL (read only: a path that is no store must not
    /// become one), a manifest in memory row by row.
    static func overview(of source: any DeliverySource, file: URL, search: String) -> StatusCounts? {
        if file.pathExtension.lowercased() == "json" {
            return StatusCounts(counting: (0 ..< source.count).lazy.map(source.delivery(at:)))
        }
        return try? DeliveryStore(url: file, access: .readOnly).statusCounts(matching: search)
    }
}
