import Benchmark
import Foundation
import ManifestGenerator
import Model
import Store

/// Search as a keystroke costs it at 10^6 rows: the store's search (count
/// and every position, from the word index) and the first screen's rows, for
/// queries of three or more characters (the trigrams of the words), and the title bar's
/// per-status counts for the same query. The 10^6-row store is generated and
/// imported once (a few minutes) and kept at $IDELIVERMOBILE_BENCH_STORE or
/// in the temporary folder.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // CPU time too: on a shared machine the wall clock also counts waiting for a core.
        metrics: [.wallClock, .cpuUser],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 40
    )
    let queries = ["str", "strasse", "mission", "london", "kingfisher", "dlv-0424242", "東京都", "αθηνα", "road 12", "zzq"]
    for query in queries {
        Benchmark("Search N=10^6 “\(query)” + first screen") { benchmark in
            let store = BenchStore.shared.store
            benchmark.startMeasurement()
            let found = try store.search(query)
            for row in 0 ..< min(found.count, 20) { blackHole(found.delivery(at: row)) }
            benchmark.stopMeasurement()
        }
        Benchmark("Status counts N=10^6 “\(query)”") { benchmark in
            let store = BenchStore.shared.store
            benchmark.startMeasurement()
            blackHole(try store.statusCounts(matching: query))
            benchmark.stopMeasurement()
        }
    }
    Benchmark("Status counts N=10^6, no search") { benchmark in
        let store = BenchStore.shared.store
        benchmark.startMeasurement()
        blackHole(try store.statusCounts())
        benchmark.stopMeasurement()
    }
}

/// The 10^6-row store, made on first use.
final class BenchStore: Sendable {
    static let shared = BenchStore()
    let store: DeliveryStore

    private init() {
        let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BENCH_STORE"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("idelivermobile-bench-1e6.sqlite").path
        let exists = FileManager.default.fileExists(atPath: path)
        do {
            store = try DeliveryStore(url: URL(fileURLWithPath: path))
            let count = exists ? try store.count() : 0
            if count != 1_000_000 {
                let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("idelivermobile-bench-1e6.json")
                _ = FileManager.default.createFile(atPath: manifest.path, contents: nil)
                let file = try FileHandle(forWritingTo: manifest)
                try GeneratedManifest(count: 1_000_000, seed: 1).write { try file.write(contentsOf: $0) }
                try file.close()
                try store.importManifest(at: manifest)
                try? FileManager.default.removeItem(at: manifest)
            }
        } catch {
            fatalError("cannot make the benchmark store at \(path): \(error)")
        }
    }
}
