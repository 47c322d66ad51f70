import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A one-line progress bar for long imports, drawn on standard error.
///
/// Only when standard error is a terminal (piped or captured output stays free
/// of carriage returns) and the manifest is large enough to take a while.
/// Redraws at most ten times a second.
public final class ProgressBar: Sendable {
    private let width = 30
    /// Manifests smaller than this import in a blink: no bar.
    private let minimumBytes = 4 << 20
    private let state = Mutex(State())

    private struct State {
        var isLarge: Bool?
        var lastDraw = Date.distantPast
        var lastLine = ""
        var lastPhase: ImportProgress.Phase?
        var drawn = false
    }

    /// A bar on standard error, or nil when standard error is not a terminal.
    public static func standardError() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    private init() {}

    /// Shows `progress`; the caller passes this as an import's progress handler.
    public func show(_ progress: ImportProgress) {
        let finished = progress.done >= progress.total
        let line = Self.line(for: progress, width: width)
        state.withLock { state in
            if state.isLarge == nil, progress.phase == .checking { state.isLarge = progress.total >= minimumBytes }
            guard state.isLarge == true else { return }
            let now = Date()
            let newPhase = progress.phase != state.lastPhase
            guard line != state.lastLine, finished || newPhase || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return }
            state.lastDraw = now
            state.lastPhase = progress.phase
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

    /// `Checking  [#######-----------------------]  23%` or `Writing … 230000/1000000`.
    static func line(for progress: ImportProgress, width: Int) -> String {
        let filled = Int(progress.fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = Int(progress.fraction * 100)
        switch progress.phase {
        case .checking:
            return "Checking [\(bar)] \(percent)%"
        case .writing:
            return "Writing  [\(bar)] \(percent)% \(progress.done)/\(progress.total) deliveries"
        case .indexing:
            return "Indexing [\(bar)] \(percent)%"
        case .finishing:
            return progress.done >= progress.total ? "Saved." : "Saving…"
        }
    }
}
