import Foundation

/// A store's files on disk: the database and SQLite's -wal and -shm beside it.
enum StoreFiles {
    static func all(_ url: URL) -> [URL] {
        ["", "-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
    }

    /// A store about to be created: its file, and the folders missing above it.
    struct Created {
        let store: URL
        /// The folders that do not exist yet, deepest first.
        let folders: [URL]

        init(store: URL) {
            self.store = store
            var folders: [URL] = []
            var folder = store.deletingLastPathComponent().standardizedFileURL
            while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
            self.folders = folders
        }

        /// Removes the store and its files, then each folder made for it that is empty.
        func remove() {
            for file in all(store) { try? FileManager.default.removeItem(at: file) }
            for folder in folders { rmdir(folder.path) }
        }
    }
}
