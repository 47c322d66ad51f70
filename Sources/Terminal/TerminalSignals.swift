import Dispatch
import Foundation
import Synchronization

/// Signals as messages for the input loop, never work done in a handler.
///
/// Each signal is ignored at the process level (so ncurses installs none of
/// its own handlers, and nothing runs in signal context) and delivered
/// through a dispatch source that only records it and wakes the loop; the
/// loop asks `takePending()` between keys and acts with the terminal in a
/// known state.
final class TerminalSignals: @unchecked Sendable {
    /// Signals that end the program: the terminal is restored and the exit
    /// status is 128 + the signal, as a shell reports a signal death.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]
    /// Ctrl-Z from another process (`kill -TSTP`), and the `fg` after any stop.
    static let jobControl: [Int32] = [SIGTSTP, SIGCONT]

    /// Appended on a dispatch queue, taken on the main loop.
    private let arrived = Mutex(Arrived())
    private var sources: [DispatchSourceSignal] = []
    /// Rung when a signal arrives, so the loop takes it at once.
    private let wakeUp: WakeUpPipe

    init(wakeUp: WakeUpPipe) {
        self.wakeUp = wakeUp
    }

    /// The first terminating signal that arrived, if any.
    var termination: Int32? { arrived.withLock { $0.terminatingSignal } }

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
    var hasArrived: Bool { arrived.withLock { $0.terminatingSignal != nil || !$0.pending.isEmpty } }

    /// The job-control signals that arrived since the last call, in order.
    func takePending() -> [Int32] {
        arrived.withLock { arrived in
            defer { arrived.pending.removeAll() }
            return arrived.pending
        }
    }

    private func record(_ number: Int32) {
        arrived.withLock { arrived in
            if Self.terminating.contains(number) {
                if arrived.terminatingSignal == nil { arrived.terminatingSignal = number }
            } else {
                arrived.pending.append(number)
            }
        }
        wakeUp.wake()
    }

    /// The signals recorded and not yet taken.
    private struct Arrived {
        var pending: [Int32] = []
        var terminatingSignal: Int32?
    }
}
