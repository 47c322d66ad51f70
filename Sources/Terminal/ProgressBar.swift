import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A one-line progress bar on standard error, for a long job such as an import.
///
/// Only when standard error is a terminal (piped or captured output stays
/// free of carriage returns). Redraws at most ten times a second, except
/// for a line that starts a new stage or ends the job.
public final class ProgressBar: Sendable {
    /// Characters of the bar between its brackets.
    public static let width = 30
    private let state = Mutex(State())

    private struct State {
        var lastDraw = Date.distantPast
        var lastLine = ""
        var drawn = false
    }

    /// A bar on standard error, or nil when standard error is not a terminal.
    public static func standardError() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    private init() {}

    /// Shows `line` in place of the last one: at once when `promptly` (a new
    /// stage, the end), else once a tenth of a second has passed since the last.
    public func show(_ line: String, promptly: Bool) {
        state.withLock { state in
            let now = Date()
            guard line != state.lastLine, promptly || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return }
            state.lastDraw = now
            state.lastLine = line
            state.drawn = true
            FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
        }
    }

    /// Ends the bar's line so that later output starts on a fresh one.
    public func finish() {
        state.withLock { state in
            if state.drawn { FileHandle.standardError.write(Data("\n".utf8)) }
            state.drawn = false
        }
    }

    /// `Checking [#######-----------------------] 23%`, then `detail` if any.
    public static func line(_ label: String, fraction: Double, detail: String = "", width: Int = width) -> String {
        let clamped = min(1, max(0, fraction))
        let filled = Int(clamped * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let text = "\(label) [\(bar)] \(Int(clamped * 100))%"
        return detail.isEmpty ? text : text + " " + detail
    }
}
