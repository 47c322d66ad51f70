import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A benchmark's `--name value` options, and the machine's load beside its
/// figures: what every `make bench` part reads and prints the same way.
public struct BenchOptions {
    private let values: [String: String]

    /// The options after the program's name; on anything but `--name value`
    /// pairs, `usage` on standard error and exit 64 (EX_USAGE).
    public init(usage: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), let value = rest.popFirst() else {
                FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
                exit(64)
            }
            values[String(name.dropFirst(2))] = value
        }
        self.values = values
    }

    public subscript(name: String) -> String? { values[name] }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    public static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}
