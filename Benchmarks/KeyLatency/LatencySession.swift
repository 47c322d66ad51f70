import Foundation
import BenchTerminal

/// One run of the browser on a store through a pseudo-terminal: the time
/// to the first frame, then each key of `KeyScript` from the moment it is
/// written to the last byte of the frame it causes ("settled": the program
/// then wrote nothing for `quiet`), in milliseconds, by label.
struct LatencySession {
    var binary: String
    /// A store's path, or a `postgresql://` URL.
    var store: String
    var work: URL
    var width = 100
    var height = 30
    /// Silence that ends a frame: shorter than the browser's 50 ms idle tick,
    /// so a frame drawn by idle work after a key is not counted as the key's.
    var quiet: UInt64 = 30_000_000
    var seed: UInt64
    /// The keys, and whether a seeded pause (100 … 400 ms) comes before each.
    var steps = KeyScript.steps
    var pauses = true
    /// How long a key may take to draw anything before it counts as never (10 s).
    static let patience: UInt64 = 10_000_000_000

    func run() throws -> [String: [Double]] {
        let environment = [
            "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
            "HOME=\(work.path)", "XDG_CONFIG_HOME=\(work.appendingPathComponent("config").path)",
            "XDG_DATA_HOME=\(work.appendingPathComponent("data").path)",
            "PATH=/usr/bin:/bin",
        ]
        // A fixed clock, so no late mark changes with the minute mid-run.
        let terminal = try TimedTerminal(
            arguments: [binary, "--store", store, "--text-size", "Large", "--now", "12:00"],
            environment: environment, width: width, height: height
        )
        var times: [String: [Double]] = [:]
        guard let first = try terminal.burst(after: terminal.started, quiet: quiet, patience: 60_000_000_000) else {
            throw TimedTerminal.Failure(description: "no first frame from \(store)")
        }
        times["first frame", default: []].append(Double(first) / 1e6)
        var random = SplitMix(seed: seed)
        for step in steps {
            // 100 … 400 ms: idle ticks (50 ms) have come and gone, refinement is under way.
            if pauses { try terminal.drain(for: 100_000_000 + random.next() % 300_000_000) }
            let sent = terminal.send(step.bytes)
            guard let settled = try terminal.burst(after: sent, quiet: quiet, patience: Self.patience) else {
                // Counted as never (the table shows ∞), once the program has caught up.
                times[step.label, default: []].append(.infinity)
                _ = try terminal.burst(after: TimedTerminal.now(), quiet: 1_000_000_000, patience: 120_000_000_000)
                continue
            }
            times[step.label, default: []].append(Double(settled) / 1e6)
        }
        try terminal.quit()
        return times
    }
}

/// A small seeded generator (SplitMix64), so every run pauses alike.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
