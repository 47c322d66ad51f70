import Foundation
import GRDB

/// What the store remembers of an imported manifest, to skip it next time unchanged.
struct ImportedManifest {
    var fingerprint: ManifestFingerprint?
    var contentHash: String

    func record(_ db: Database) throws {
        guard let fingerprint else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO imported_manifest(path, size, modified, importedAt, contentHash) VALUES (?, ?, ?, ?, ?)",
            arguments: [fingerprint.path, fingerprint.size, fingerprint.modified, Date().timeIntervalSince1970, contentHash])
    }
}
