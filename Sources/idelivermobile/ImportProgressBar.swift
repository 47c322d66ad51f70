import Model
import Store
import Synchronization
import Terminal

/// An import's progress on a `ProgressBar` (standard error, when it is a
/// terminal): each phase by name, and no bar at all for a manifest small
/// enough to import in a blink. For `import` and for a browse that imports first.
final class ImportProgressBar: Sendable {
    /// Manifests smaller than this import in a blink: no bar.
    static let minimumBytes = 4 << 20
    private let bar: ProgressBar
    private let state = Mutex(State())

    private struct State {
        /// Decided by the first report of the importing phase (its total is the manifest's size).
        var isLarge: Bool?
        var phase: ImportProgress.Phase?
    }

    /// A bar on standard error, or nil when standard error is not a terminal.
    static func standardError() -> ImportProgressBar? {
        ProgressBar.standardError().map(ImportProgressBar.init)
    }

    private init(bar: ProgressBar) {
        self.bar = bar
    }

    /// The handler an import reports to.
    var handler: @Sendable (ImportProgress) -> Void { { [self] in show($0) } }

    func show(_ progress: ImportProgress) {
        let newPhase: Bool? = state.withLock { state in
            if state.isLarge == nil, progress.phase == .importing { state.isLarge = progress.total >= Self.minimumBytes }
            guard state.isLarge == true else { return nil }
            defer { state.phase = progress.phase }
            return progress.phase != state.phase
        }
        guard let newPhase else { return }
        bar.show(Self.line(for: progress), promptly: newPhase || progress.done >= progress.total)
    }

    /// Ends the bar's line so that later output starts on a fresh one.
    func finish() {
        bar.finish()
    }

    /// `Importing [#######-----------------------] 23% 230000 deliveries`,
    /// `Indexing …`, `Saving…`.
    static func line(for progress: ImportProgress) -> String {
        switch progress.phase {
        case .importing: ProgressBar.line("Importing", fraction: progress.fraction, detail: "\(progress.deliveries) deliveries")
        case .indexing: ProgressBar.line("Indexing", fraction: progress.fraction)
        case .finishing: progress.done >= progress.total ? "Saved." : "Saving…"
        }
    }
}
