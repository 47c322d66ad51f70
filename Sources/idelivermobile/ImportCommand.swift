import ArgumentParser
import Foundation
import Manifest
import Model
import Store
import TeamHub

/// `idelivermobile import FILE [--store PATH]`: validates a manifest and upserts it into a store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Check a deliveries manifest and add it to the store.",
        discussion: """
            The whole file is checked first; a problem is reported with the file, line and column \
            (or the delivery and field) and nothing is written. Then every delivery is added or updated \
            by id, all at once for anyone reading the store: an interrupted or killed import leaves the store \
            as it was, and status changes saved meanwhile by a browser are kept. Statuses changed \
            in the app survive re-importing the same manifest; a manifest whose content is unchanged since it \
            was imported is reported as unchanged and not written again.
            Ctrl-C (or SIGTERM, SIGHUP) stops it, giving back all it wrote; a store it was creating is removed.
            Exit codes: 0 ok, 65 bad manifest data, a store given as the manifest, an empty file or a store from a newer version, \
            66 no such file (or a directory), 73 cannot create the store, 74 I/O error (a full disk, a failed write to \
            standard output), 75 the store stayed locked by another process, 128 + n stopped by signal n (130: Ctrl-C).
            """
    )

    @Argument(help: "The manifest to import (JSON: {\"deliveries\": [...]}).")
    var file: String

    @Option(help: "The store to import into: a file, or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).")
    var store: String?

    func run() throws {
        if let store, StoreOpener.isDatabaseURL(store) { return try importIntoHub(store) }
        InputFile.refuseStoreAsManifest(file)
        let deliveryStore: any DeliveryStoring
        let created: StoreFiles.Created?
        do {
            (deliveryStore, created) = try StoreOpener.openForImport(store)
        } catch {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        }
        let summary = Self.importing(URL(fileURLWithPath: file), into: deliveryStore, created: created)
        // Closed before the report, which may fail (exit 74): the store is left whole, no -wal beside it.
        deliveryStore.close()
        guard summary.performed else {
            StandardOutput.say("\(file) is unchanged since it was imported into \(deliveryStore.location); "
                               + "nothing to do (the store holds \(summary.storeCount)).")
            return
        }
        StandardOutput.say("Imported \(summary.deliveries) deliver\(summary.deliveries == 1 ? "y" : "ies") from \(file) (\(summary.added) new, \(summary.updated) updated\(summary.unchanged.map { ", \($0) unchanged" } ?? "")) "
                           + "into \(deliveryStore.location); the store now holds \(summary.storeCount).")
    }

    /// Imports `manifest` into `store` unless it imported it unchanged, with a
    /// progress bar on stderr; Ctrl-C stops it (`ImportSignals`). On failure
    /// it lets go of the store, removes what it `created`, and exits saying why.
    static func importing(_ manifest: URL, into store: any ManifestImporting, created: StoreFiles.Created?) -> ImportSummary {
        let bar = ImportProgressBar.standardError()
        let signals = ImportSignals()
        defer { signals.finish() }
        do {
            // A manifest imported before with the same content is not written again.
            let summary = try store.importManifestIfChanged(at: manifest, reader: ManifestReader(), progress: bar?.handler)
            bar?.finish()
            return summary
        } catch {
            bar?.finish()
            // A failed write (a full disk) leaves no -wal or -shm behind, and no store it created.
            StoreOpener.abandon(store, created: created)
            ImportSignals.exitIfInterrupted()
            Diagnostics.fail("\(error)", ExitCode(exitCode(for: error)))
        }
    }

    /// Imports into the team's hub (`TeamHub`): "unchanged" by the manifest's SHA-256, and only what really changed reported.
    private func importIntoHub(_ store: String) throws {
        let bar = ImportProgressBar.standardError()
        do {
            let address = try StoreOpener.address(store)
            let hub = try HubConnection(address, clientID: "import", timeout: Self.connectTimeout)
            defer { hub.close() }
            hub.timeout = Self.statementTimeout
            let summary = try hub.importManifest(at: URL(fileURLWithPath: file), progress: bar?.handler)
            bar?.finish()
            guard summary.performed else {
                StandardOutput.say("\(file) is unchanged since the last import into \(address) (the same bytes, by SHA-256); "
                                   + "nothing to do (the hub holds \(summary.hubCount)).")
                return
            }
            StandardOutput.say("Imported \(summary.deliveries) deliver\(summary.deliveries == 1 ? "y" : "ies") from \(file) (\(summary.added) new, "
                               + "\(summary.changed) changed, \(summary.unchanged) unchanged) into \(address); the hub now holds \(summary.hubCount).")
        } catch {
            bar?.finish()
            Diagnostics.warn("\(error)")
            throw ExitCode(Self.exitCode(for: error))
        }
    }

    /// How long connecting to the hub may take (unless the URL's `connect_timeout` says otherwise).
    static let connectTimeout: Duration = .seconds(15)
    /// How long the hub may stay silent during an import: building the keys of a million rows sends nothing back.
    static let statementTimeout: Duration = .seconds(600)

    /// The sysexits code for an import failure: the error's own, or 74 (I/O) for anything unforeseen.
    static func exitCode(for error: any Error) -> Int32 {
        if let error = error as? ManifestError { return error.exitCode }
        if let error = error as? StoreError { return error.exitCode }
        if let error = error as? HubError { return error.exitCode }
        return ExitStatus.ioError.rawValue
    }
}
