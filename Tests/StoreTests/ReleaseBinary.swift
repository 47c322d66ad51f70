import Foundation

/// The release `idelivermobile` that `make test` builds and names in IDELIVERMOBILE_BIN, if there is one.
enum ReleaseBinary {
    static var path: String? {
        if let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = root.appendingPathComponent(".build/release/idelivermobile").path
        return FileManager.default.isExecutableFile(atPath: built) ? built : nil
    }
}
