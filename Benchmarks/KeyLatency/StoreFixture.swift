import Foundation
import BenchTerminal

/// The SQLite stores the sessions browse: `idelivermobile generate` (seed 1)
/// imported by `idelivermobile import`, made once per row count in the work
/// folder and kept for the next run (a marker file says the import finished).
struct StoreFixture {
    let binary: String
    let directory: URL

    /// The store of `count` deliveries, made first if missing.
    func store(count: Int) throws -> URL {
        let store = directory.appendingPathComponent("deliveries-\(count).sqlite")
        let done = directory.appendingPathComponent("deliveries-\(count).done")
        if FileManager.default.fileExists(atPath: done.path) { return store }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
        let manifest = directory.appendingPathComponent("deliveries-\(count).json")
        print("making a store of \(count) deliveries in \(store.path) …")
        let started = Date()
        try run(["generate", "--count", "\(count)", "--seed", "1", "--out", manifest.path])
        try run(["import", manifest.path, "--store", store.path])
        try FileManager.default.removeItem(at: manifest)
        print(String(format: "  made in %.1f s", Date().timeIntervalSince(started)))
        try Data().write(to: done)
        return store
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TimedTerminal.Failure(description: "idelivermobile \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}
