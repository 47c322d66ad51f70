import Foundation

/// A store's files on disk: the database and SQLite's -wal and -shm beside it.
enum StoreFiles {
    static func all(_ url: URL) -> [URL] {
        ["", "-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
    }

    /// Removes a store this run created, and its folder when that is left empty.
    static func remove(_ url: URL) {
        for file in all(url) { try? FileManager.default.removeItem(at: file) }
        let folder = url.deletingLastPathComponent()
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
