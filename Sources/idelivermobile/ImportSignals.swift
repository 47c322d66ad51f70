import Dispatch
import Foundation
import Store

/// While an import writes, Ctrl-C, a hang-up or a termination ask it to stop
/// (`ImportInterruption`) instead of killing it mid-write: the importer then
/// gives back what it wrote, and the program exits as that signal's death
/// (128 + its number), as a shell expects.
final class ImportSignals {
    private static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [DispatchSourceSignal] = []

    /// Starts listening; `finish()` gives the signals back their default.
    init() {
        for number in Self.stopping {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { ImportInterruption.request(signal: number) }
            source.resume()
            sources.append(source)
        }
    }

    func finish() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.stopping { signal(number, SIG_DFL) }
    }

    /// After an import that failed: when a signal stopped it, says so and
    /// exits as that signal's death.
    static func exitIfInterrupted() {
        guard let number = ImportInterruption.requested else { return }
        Diagnostics.warn("interrupted: nothing was imported, the store is as it was")
        exit(128 + number)
    }
}
