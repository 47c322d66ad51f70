import Foundation

/// A program run to its end with Foundation's `Process`: its exit status and
/// what it wrote to each stream. For programs that leave no long-lived child
/// behind (not tmux or pg_ctl: see `ChildProcess`).
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    /// Runs `executable` with `arguments` in `folder`, with `environment` (if
    /// given) instead of the test's own.
    public static func of(
        _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
    ) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessOutcome(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }
}
