import BenchCommandLine
import Foundation

// `make bench`'s end-to-end part: the release binary browses stores of
// 10^3 and 10^6 deliveries (10^7 with --counts) on a 100×30 pseudo-terminal,
// and every key is timed from the moment it is written to the last byte of
// the frame it causes. Prints the medians as the table of docs/benchmarks.md.
//
//   KeyLatency --binary PATH [--work DIR] [--counts 1000,1000000] [--runs 5] [--quiet 30] [--no-pause-runs 5]
//   KeyLatency --binary PATH --store postgresql://… --counts 1000000 [--runs 5]
//
// --store browses a PostgreSQL store that already holds the deliveries (the
// one count given names its column) instead of SQLite stores made here.
// --quiet is the silence (ms) that ends a key's frames: the default 30 times
// the key's own frame; a second or more times everything it caused, such as
// a search's rows, which a worker reads after the typed text is drawn.
// Then the no-pause run (`KeyScript.noPauseSteps`, --no-pause-runs sessions a
// store, 0 for none): keys back to back, every key within 16 ms median and
// 33 ms at most.

let options = BenchOptions(usage: "KeyLatency --binary PATH [--work DIR] [--counts 1000,1000000] [--runs 5] [--quiet 30] [--store postgresql://…]")
guard let binary = options["binary"], FileManager.default.isExecutableFile(atPath: binary) else {
    FileHandle.standardError.write(Data("KeyLatency: --binary must name the idelivermobile release binary\n".utf8))
    exit(64)
}
let work = URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "idelivermobile-bench")
let counts = (options["counts"] ?? "1000,1000000").split(separator: ",").compactMap { Int($0) }
let runs = Int(options["runs"] ?? "5") ?? 5
let quiet = UInt64(options["quiet"] ?? "30") ?? 30
let noPauseRuns = Int(options["no-pause-runs"] ?? "\(runs)") ?? runs


var table = LatencyTable(counts: counts)
var noPause = LatencyTable(counts: counts, labels: KeyScript.labels(of: KeyScript.noPauseSteps), maximum: 33)
var notes: [String] = []
var noPauseNotes: [String] = []

/// `runs` sessions of `steps` on `store`, their samples added to `table`; the load average before and after.
func sessions(
    _ runs: Int, of steps: [KeyScript.Step], pauses: Bool, store: String, count: Int, named name: String, into table: inout LatencyTable
) throws -> String {
    let before = BenchOptions.loadAverage()
    for run in 0 ..< runs {
        var session = LatencySession(binary: binary, store: store, work: work.appendingPathComponent("home"), seed: UInt64(run + 1))
        session.quiet = quiet * 1_000_000
        session.steps = steps
        session.pauses = pauses
        for (label, times) in try session.run() { table.samples[count, default: [:]][label, default: []] += times }
        print("N = \(LatencyTable.countName(count)), \(name) \(run + 1) of \(runs) done")
    }
    return "N = \(LatencyTable.countName(count)): load average \(before) before, \(BenchOptions.loadAverage()) after"
}

do {
    let fixture = StoreFixture(binary: binary, directory: work.appendingPathComponent("stores"))
    for count in counts {
        let store = try options["store"] ?? fixture.store(count: count).path
        // Opened once untimed: a store an older binary made is migrated here (the
        // program quits once done), not in a timed first frame.
        var opening = LatencySession(binary: binary, store: store, work: work.appendingPathComponent("home"), seed: 0)
        opening.steps = []
        _ = try? opening.run()
        notes.append(try sessions(runs, of: KeyScript.steps, pauses: true, store: store, count: count, named: "run", into: &table))
        noPauseNotes.append(try sessions(
            noPauseRuns, of: KeyScript.noPauseSteps, pauses: false, store: store, count: count, named: "no-pause run", into: &noPause))
    }
} catch {
    FileHandle.standardError.write(Data("KeyLatency: \(error)\n".utf8))
    exit(1)
}
for (title, table, notes, shown) in [
    ("Keys through a 100×30 pseudo-terminal, \(runs) runs a store, settled after \(quiet) ms of silence, medians of every sample (ms):",
     table, notes, runs > 0),
    ("No pause: keys back to back, each sent when the frame before it settled, \(noPauseRuns) runs a store (ms):",
     noPause, noPauseNotes, noPauseRuns > 0),
] where shown {
    print("")
    print(title)
    print("")
    print(table.markdown())
    print("")
    for note in notes { print("- \(note)") }
}
let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "?"
print("- \(ProcessInfo.processInfo.activeProcessorCount) CPUs (\(cpu)), \(ProcessInfo.processInfo.physicalMemory >> 20) MiB")
