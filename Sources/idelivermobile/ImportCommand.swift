import ArgumentParser
import Foundation
import Manifest
import Model
import PostgresStore
import Store

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
            Exit codes: 0 ok, 65 bad manifest data or a store from a newer version, 66 no such file (or a directory), \
            73 cannot create the store, 74 I/O error (a full disk), 75 the store stayed locked by another process.
            """
    )

    @Argument(help: "The manifest to import (JSON: {\"deliveries\": [...]}).")
    var file: String

    @Option(help: "The store to import into: a file, or a postgresql:// URL (default: $XDG_DATA_HOME/idelivermobile/deliveries.sqlite).")
    var store: String?

    func run() throws {
        let bar = ImportProgressBar.standardError()
        var opened: (any DeliveryStoring)?
        do {
            let deliveryStore = try StoreOpener.open(store)
            opened = deliveryStore
            // A manifest imported before with the same content is not written again.
            let summary = try deliveryStore.importManifestIfChanged(at: URL(fileURLWithPath: file), reader: ManifestReader(), progress: bar?.handler)
            bar?.finish()
            guard summary.performed else {
                print("\(file) is unchanged since it was imported into \(deliveryStore.location); "
                      + "nothing to do (the store holds \(summary.storeCount)).")
                return
            }
            print("Imported \(summary.deliveries) deliver\(summary.deliveries == 1 ? "y" : "ies") from \(file) (\(summary.added) new, \(summary.updated) updated) "
                  + "into \(deliveryStore.location); the store now holds \(summary.storeCount).")
        } catch {
            bar?.finish()
            // A failed write (a full disk) leaves no -wal or -shm behind.
            opened?.close()
            FileHandle.standardError.write(Data("idelivermobile: \(PostgresLocation.redacting("\(error)"))\n".utf8))
            throw ExitCode(Self.exitCode(for: error))
        }
    }

    /// The sysexits code for an import failure: the error's own, or 74 (I/O) for anything unforeseen.
    static func exitCode(for error: any Error) -> Int32 {
        if let error = error as? ManifestError { return error.exitCode }
        if let error = error as? StoreError { return error.exitCode }
        return ExitStatus.ioError.rawValue
    }
}
