import Foundation
import Manifest
import Model

/// Adding a manifest's deliveries to a store.
public protocol ManifestImporting: OpenedStore {
    /// Checks the whole manifest, then adds or updates its deliveries by id atomically.
    @discardableResult
    func importManifest(
        at url: URL, reader: ManifestReader, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary
    /// Imports the manifest unless this store already imported it unchanged.
    @discardableResult
    func importManifestIfChanged(
        at url: URL, reader: ManifestReader, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary
}
