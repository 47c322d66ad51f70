import ArgumentParser
import Foundation
import Manifest
import Model
import Store

/// Opens what `render` draws, and the manifest `export` and `summary` read:
/// a manifest read into memory (nothing is written anywhere), or an
/// existing store read lazily, read-only.
enum DeliveryInput {
    /// What render reads without PATH or `--store`: what browse shows, the
    /// default store, or on a first run (no store yet, or an empty one) the
    /// bundled sample browse would import into it, read here into memory.
    static func defaultInput() -> InputFile {
        let url = StoreLocation.defaultURL()
        guard StoreFile.content(at: url.path) != .missing else { return .manifest(BundledData.manifestURL) }
        // A store that cannot be read is render's to report, as browse would.
        guard let store = try? DeliveryStore(url: url, access: .readOnly), (try? store.count()) == 0 else { return .store(url) }
        store.close()
        return .manifest(BundledData.manifestURL)
    }

    /// All the rows of `input`, or (a store only) what a search and filter list.
    static func rows(of input: InputFile, text: String?, status: StatusFilter?) -> any DeliverySource {
        switch input {
        case .manifest(let url):
            return InMemoryDeliveries(deliveries(ofManifest: url, text: text, status: status))
        case .store(let url):
            do {
                let store = try DeliveryStore(url: url, access: .readOnly)
                if text == nil && status == nil { return try store.deliveries() }
                return try store.search(text ?? "", status: status ?? .all)
            } catch {
                Diagnostics.fail(error.description, ExitCode(error.exitCode))
            }
        }
    }

    /// Every delivery of the manifest at `url`, in manifest order, read into
    /// memory (nothing is written anywhere). A search or a status filter is a
    /// usage error: they are the store's (a manifest is read whole); a bad
    /// manifest, the reader's message with line and column.
    static func deliveries(ofManifest url: URL, text: String?, status: StatusFilter?) -> [Delivery] {
        guard text == nil, status == nil else {
            Diagnostics.fail("--search and --status read a store; import \(url.path) first (idelivermobile import)", ExitStatus.usage)
        }
        do {
            return try ManifestReader().read(contentsOf: url)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
    }

    /// Deliveries per status for the title bar, counted where the rows came
    /// from (a team database counts them in `database`): a store file counts
    /// the search with SQL, read-only; a manifest in memory row by row.
    static func overview(of source: any DeliverySource, input: InputFile, search: String) -> StatusCounts? {
        switch input {
        case .manifest:
            return StatusCounts(counting: (0 ..< source.count).lazy.map(source.delivery(at:)))
        case .store(let url):
            return try? DeliveryStore(url: url, access: .readOnly).statusCounts(matching: search)
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
}
