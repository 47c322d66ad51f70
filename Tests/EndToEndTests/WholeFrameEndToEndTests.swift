import Foundation
import TestSupport
import Testing

/// A frame reaches the terminal whole: each frame is one write(2) to the
/// terminal, so a terminal (or tmux, or a test reading the screen) never
/// shows half of one. The real binary runs on a pseudo-terminal that knows
/// synchronized output, so every frame is marked `CSI ? 2026 h` … `l`,
/// under strace, which logs its main thread's reads and writes whole, with
/// what each descriptor is (`-y`). Every write to the terminal after a key
/// must be one whole marked frame. A key may bring more than one frame (a
/// worker's result can arrive meanwhile, more often on a loaded machine),
/// so frames are told apart by their marks, not counted.
@Suite(.serialized, .enabled(if: SystemCallLog.isAvailable, "needs strace and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct WholeFrameEndToEndTests {
    static let strace = SystemCallLog.strace

    /// What a key read from the terminal was, how many writes to the
    /// terminal followed it before the next key, and how many of them were
    /// not one whole marked frame.
    struct KeyWrites: Equatable {
        var key: String
        var writes: Int
        var notWholeFrames: Int
    }

    /// The keys strace saw read from the terminal (fd 0), each with the
    /// writes to a terminal (`/dev/pts/…`) that followed before the next.
    /// strace prints a write's bytes as a C string (ESC as `\33`), whole
    /// with `-s` large enough.
    static func keyWrites(in log: String) -> [KeyWrites] {
        var found: [KeyWrites] = []
        for line in log.split(separator: "\n") {
            if line.hasPrefix("read(0</dev/pts/"), let equals = line.range(of: " = ", options: .backwards),
               let count = Int(line[equals.upperBound...]), count > 0,
               let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\""),
               !line[line.index(after: open)...].hasPrefix("\\33") {
                // A key, not the terminal's answer to the probe.
                found.append(KeyWrites(key: String(line[line.index(after: open) ..< close]), writes: 0, notWholeFrames: 0))
            } else if line.hasPrefix("write("), line.contains("</dev/pts/"), !found.isEmpty {
                let whole = line.contains(">, \"\\33[?2026h") && line.contains("\\33[?2026l\", ")
                found[found.count - 1].writes += 1
                found[found.count - 1].notWholeFrames += whole ? 0 : 1
            }
        }
        return found
    }

    @Test func everyFrameAfterAKeyReachesTheTerminalInOneWrite() throws {
        let binary = try #require(TmuxSession.binary)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("idm-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let log = home.appendingPathComponent("strace.log")
        let data = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
                           "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data"]
        // The main thread only (no -f): it reads the keys and draws every frame.
        let peer = try PtyPeer(
            arguments: [Self.strace, "-qq", "-y", "-s", "1000000", "-e", "trace=read,write", "-o", log.path, binary, data, "--now", "12:30"],
            environment: environment, answers: .synchronizedOutput, width: 40, height: 14
        )
        func press(_ key: String, until shown: String) throws {
            let from = peer.output.count
            peer.send(key)
            try peer.read(until: { String(decoding: $0[from...], as: UTF8.self).contains(shown) }, "\(shown) after \(key)")
        }
        try peer.read(until: { String(decoding: $0, as: UTF8.self).contains("1/52") }, "the list")
        // The help page fills the 40×14 screen: ncurses alone wrote it in dozens of pieces.
        try press("?", until: "DELIVERIES")
        // ncurses writes only the cells that changed: the rows the help covered, the selection moved.
        try press("q", until: "Amelia Hartley")
        try press("j", until: "Amelia Hartley")
        peer.send("q")
        #expect(try peer.waitForExit() == 0)

        let keys = Self.keyWrites(in: try String(contentsOf: log, encoding: .utf8))
        #expect(keys.map(\.key) == ["?", "q", "j", "q"], "\(keys)")
        // Each key drew at least its own frame, and every write was one whole frame.
        for key in keys.dropLast() {
            #expect(key.writes >= 1 && key.notWholeFrames == 0, "\(key)")
        }
    }
}

/// strace, which `make deps` installs, where it may trace a child.
enum SystemCallLog {
    static let strace = "/usr/bin/strace"

    static var isAvailable: Bool {
        TmuxSession.binary != nil && FileManager.default.isExecutableFile(atPath: strace)
            && (try? ChildProcess.run([strace, "-o", "/dev/null", "true"], captureOutput: false)) != nil
    }
}
