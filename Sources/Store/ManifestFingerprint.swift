import Foundation

/// Where a manifest was imported from, its size and modification time, kept
/// beside its content hash (`ContentHash`), which alone decides "unchanged".
struct ManifestFingerprint {
    var path: String
    var size: Int
    var modified: Double

    init?(url: URL) {
        let path = url.standardizedFileURL.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        self.path = path
        self.size = size
        self.modified = modified.timeIntervalSince1970
    }
}
