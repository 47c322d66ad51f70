import Foundation

/// Where a manifest was imported from, its size and modification time, kept
/// beside its content hash (`ContentHash`), which alone decides "unchanged".
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
