import Foundation
import TestSupport

/// A real terminal for end-to-end tests: a tmux session running a shell, with
/// keys sent by `send-keys` and the screen read by `capture-pane`.
final class TmuxSession {
    let name: String
    let home: URL

    /// The binary `make test` builds and names in IDELIVERMOBILE_BIN; the tests
    /// drive exactly it, never a guess under `.build` that may be stale.
    static var binary: String? {
        guard let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"], !path.isEmpty else { return nil }
        return path
    }

    static var isAvailable: Bool {
        binary != nil && (try? ChildProcess.run(["tmux", "-V"], captureOutput: false)) != nil
    }

    /// The shell command that browses the bundled sample with the binary under test.
    static func browseSampleCommand() throws -> String {
        guard let binary else { throw ChildProcess.Failure(command: ["idelivermobile"], status: 127) }
        let data = repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        return "'\(binary)' '\(data)'"
    }

    /// This test run's own tmux server, so the tests never touch a user's sessions.
    static let socket = "idm-e2e-\(ProcessInfo.processInfo.processIdentifier)"

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts a plain shell with a recognisable prompt in a `width`×`height` terminal.
    init(width: Int, height: Int) throws {
        name = "idm-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        home = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The first new-session starts the tmux server, which keeps any
        // descriptor it inherits open for its whole life: ChildProcess passes none.
        // A server whose last session was just killed may still be exiting and
        // refuse the new one: try again once it has gone.
        for attempt in 0 ..< 5 {
            do {
                try startShell(width: width, height: height)
                return
            } catch where attempt < 4 {
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    private func startShell(width: Int, height: Int) throws {
        try tmux(
            "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
            "env", "-i", "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
            "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data",
            // The prompt says how the last command ended: a screen captured on a
            // timeout then tells an exit (and its status) from a hang.
            "PS1=E2E-PROMPT$ [exit $?] ",
            "bash", "--norc", "--noprofile",
            captureOutput: false
        )
    }

    deinit {
        _ = try? tmux("kill-session", "-t", name, captureOutput: false)
        try? FileManager.default.removeItem(at: home)
    }

    /// Types a command line into the shell.
    func type(_ line: String) throws {
        try tmux("send-keys", "-t", name, "-l", line)
        try tmux("send-keys", "-t", name, "Enter")
    }

    /// Presses keys by tmux's names (`Down`, `Enter`, `Escape`, `+`).
    func press(_ keys: String...) throws {
        for key in keys {
            try tmux("send-keys", "-t", name, key)
        }
    }

    /// The screen's text, one string per line.
    func capture() throws -> [String] {
        try tmux("capture-pane", "-p", "-t", name).components(separatedBy: "\n")
    }

    /// The screen and where tmux has the cursor, read by one tmux command
    /// (tmux runs its commands one after the other, reading no output of the
    /// program in between), so both are of one moment.
    struct Snapshot {
        var screen: [String]
        var cursor: (x: Int, y: Int)
    }

    func snapshot() throws -> Snapshot {
        var lines = try tmux("capture-pane", "-p", "-t", name, ";", "display-message", "-p", "-t", name, "#{cursor_x} #{cursor_y}")
            .components(separatedBy: "\n")
        while lines.last == "" { lines.removeLast() }
        let cursor = (lines.popLast() ?? "").split(separator: " ").compactMap { Int($0) }
        guard cursor.count == 2 else { throw TimedOut(screen: lines + ["no cursor report"]) }
        return Snapshot(screen: lines, cursor: (cursor[0], cursor[1]))
    }

    /// Waits until the screen satisfies `condition` (or 20 s pass) and returns it,
    /// looking every `interval` seconds. The wait bounds a hang; it asserts nothing about speed.
    @discardableResult
    func waitFor(every interval: TimeInterval = 0.05, _ condition: ([String]) -> Bool) throws -> [String] {
        try waitFor(every: interval, reading: capture, screen: { $0 }, condition)
    }

    /// `waitFor` on the screen with the cursor, for a condition that needs to
    /// know the program has finished a frame (a frame ends with the cursor put
    /// where the screen wants it).
    @discardableResult
    func waitForSnapshot(every interval: TimeInterval = 0.05, _ condition: (Snapshot) -> Bool) throws -> Snapshot {
        try waitFor(every: interval, reading: snapshot, screen: \.screen, condition)
    }

    private func waitFor<Shown>(
        every interval: TimeInterval, reading read: () throws -> Shown, screen: (Shown) -> [String], _ condition: (Shown) -> Bool
    ) throws -> Shown {
        let deadline = Date().addingTimeInterval(20)
        var shown = try read()
        while !condition(shown) {
            // A timeout is a failure with the screen it saw, never a silent pass.
            guard Date() < deadline else { throw TimedOut(screen: screen(shown)) }
            Thread.sleep(forTimeInterval: interval)
            shown = try read()
        }
        return shown
    }

    /// Waits until the shell is back and waiting for a line: the last non-empty
    /// line is a bare prompt. The prompt line that started the command (it still
    /// shows once the browser's alternate screen is gone) has the command after it,
    /// so it never satisfies this before the command's last words are printed.
    @discardableResult
    func waitForShell() throws -> [String] {
        try waitFor { screen in
            guard let last = screen.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return false }
            return last.range(of: #"^E2E-PROMPT\$ \[exit \d+\]\s*$"#, options: .regularExpression) != nil
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var screen: [String]
        var description: String { "timed out after 20 s waiting for the screen; it showed:\n" + screen.joined(separator: "\n") }
    }

    /// Runs a tmux command against this run's own server.
    @discardableResult
    func tmux(_ arguments: String..., captureOutput: Bool = true) throws -> String {
        try ChildProcess.run(["tmux", "-L", Self.socket] + arguments, captureOutput: captureOutput)
    }
}
