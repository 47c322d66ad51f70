import Foundation
import Store

/// While an import writes, Ctrl-C, a hang-up or a termination ask it to stop
/// (`ImportInterruption`) instead of killing it mid-write: the importer then
/// gives back what it wrote, and the program exits as that signal's death
/// (128 + its number), as a shell expects.
///
/// A plain handler that only records the signal (an atomic store), rather
/// than a dispatch source: browse's terminal takes the same signals over with
/// sources of its own right after a first run's import, and a source
/// cancelled here could still be unregistering then and take theirs with it.
final class ImportSignals {
    private static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Starts listening; `finish()` gives the signals back their default.
    init() {
        // Made before a handler may need it: nothing is initialised in signal context.
        _ = ImportInterruption.requested
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in Self.stopping {
            signal(number) { ImportInterruption.request(signal: $0) }
            sigaddset(&unblocked, number)
        }
        // A parent may have started us with them blocked (a Dispatch worker thread blocks everything).
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    func finish() {
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
