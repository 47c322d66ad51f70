import Dispatch
import Foundation

/// Signals as messages for the input loop, never work done in a handler.
///
/// Each signal is ignored at the process level (so ncurses installs none of
/// its own handlers, and nothing runs in signal context) and delivered
/// through a dispatch source that only records it; the loop asks
/// `takePending()` between keys and acts with the terminal in a known state.
final class TerminalSignals: @unchecked Sendable {
    /// Signals that end the program: the terminal is restored and the exit
    /// status is 128 + the signal, as a shell reports a signal death.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]
    /// Ctrl-Z from another process (`kill -TSTP`), and the `fg` after any stop.
    static let jobControl: [Int32] = [SIGTSTP, SIGCONT]

    // Guarded by `lock`; appended on a dispatch queue, taken on the main loop.
    private var pending: [Int32] = []
    private var terminatingSignal: Int32?
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    /// The first terminating signal that arrived, if any.
    var termination: Int32? { lock.withLock { terminatingSignal } }

    func install() {
        // A closed reader (a pipe) must give EPIPE, not kill us with the terminal raw.
        signal(SIGPIPE, SIG_IGN)
        for number in Self.terminating + Self.jobControl {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.record(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Once the terminal is given back, signals do what they normally do:
    /// Ctrl-C can still end a program that waits for something on its way out.
    func restoreDefaults() {
        for number in Self.terminating + Self.jobControl { signal(number, SIG_DFL) }
    }

    /// Whether a signal waits for the loop (a terminating one, or job control).
    var hasArrived: Bool { lock.withLock { terminatingSignal != nil || !pending.isEmpty } }

    /// The job-control signals that arrived since the last call, in order.
    func takePending() -> [Int32] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }

    private func record(_ number: Int32) {
        lock.withLock {
            if Self.terminating.contains(number) {
                if terminatingSignal == nil { terminatingSignal = number }
            } else {
                pending.append(number)
            }
        }
    }
}
