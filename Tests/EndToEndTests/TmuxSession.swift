import Foundation

/// A real terminal for end-to-end tests: a tmux session running a shell, with
/// keys sent by `send-keys` and the screen read by `capture-pane`.
final class TmuxSession {
    let name: String
    let home: URL

    /// The release binary `make test` builds; the tests drive exactly it.
    static var binary: String? {
        if let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = root.appendingPathComponent(".build/release/idelivermobile").path
        return FileManager.default.isExecutableFile(atPath: built) ? built : nil
    }

    static var isAvailable: Bool {
        binary != nil && (try? run(captureOutput: false, ["tmux", "-V"])) != nil
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts a plain shell with a recognisable prompt in a `width`×`height` terminal.
    init(width: Int, height: Int) throws {
        name = "idm-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        home = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The first new-session starts the tmux server, which keeps any pipe it
        // inherits open for its whole life: give it none.
        try Self.run(captureOutput: false, [
            "tmux", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
            "env", "-i", "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
            "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data", "PS1=E2E-PROMPT$ ",
            "bash", "--norc", "--noprofile",
        ])
    }

    deinit {
        _ = try? Self.run(captureOutput: false, ["tmux", "kill-session", "-t", name])
        try? FileManager.default.removeItem(at: home)
    }

    /// Types a command line into the shell.
    func type(_ line: String) throws {
        try Self.run(["tmux", "send-keys", "-t", name, "-l", line])
        try Self.run(["tmux", "send-keys", "-t", name, "Enter"])
    }

    /// Presses keys by tmux's names (`Down`, `Enter`, `Escape`, `+`).
    func press(_ keys: String...) throws {
        for key in keys {
            try Self.run(["tmux", "send-keys", "-t", name, key])
        }
    }

    /// The screen's text, one string per line.
    func capture() throws -> [String] {
        try Self.run(["tmux", "capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// Waits until the screen satisfies `condition` (or 10 s pass) and returns it.
    /// The wait bounds a hang; it asserts nothing about speed.
    @discardableResult
    func waitFor(_ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var screen = try capture()
        while !condition(screen), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            screen = try capture()
        }
        return screen
    }

    @discardableResult
    static func run(captureOutput: Bool = true, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = captureOutput ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = captureOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TmuxError.failed(arguments.joined(separator: " "), process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

enum TmuxError: Error {
    case failed(String, Int32)
}
