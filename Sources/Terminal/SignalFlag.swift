import Dispatch
import Foundation

/// Records that a termination signal arrived, for the input loop to act on,
/// instead of letting the signal kill the process with the terminal in raw mode.
final class SignalFlag: @unchecked Sendable {
    // Guarded by `lock`; set from a dispatch queue, read from the main loop.
    private var value = false
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    var isSet: Bool { lock.withLock { value } }

    func install(_ signals: [Int32]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.set() }
            source.resume()
            sources.append(source)
        }
    }

    private func set() { lock.withLock { value = true } }
}
