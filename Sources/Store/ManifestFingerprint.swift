import Foundation

/// What identifies a manifest file's version cheaply: its path, size and
/// modification time, so an unchanged manifest is not imported twice.
public struct ManifestFingerprint: Sendable {
    public var path: String
    public var size: Int
    public var modified: Double

    public init?(url: URL) {
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
