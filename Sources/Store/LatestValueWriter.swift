import Foundation
import Synchronization

/// Writes a value on a background queue, the newest one asked for: values
/// submitted while one is being written coalesce into one write of the last.
///
/// For a setting saved atomically (with fsync: 6–12 ms, more while the disk
/// is busy) at a key press, which the key's frame should not wait for. A
/// failure is kept until `takeFailures()` so that the loop can say so.
public final class LatestValueWriter<Value: Sendable>: Sendable {
    private struct State {
        var pending: Value?
        var failures: [String] = []
    }

    private let write: @Sendable (Value) throws -> Void
    private let queue: DispatchQueue
    private let state = Mutex(State())

    public init(label: String, write: @escaping @Sendable (Value) throws -> Void) {
        self.write = write
        queue = DispatchQueue(label: label)
    }

    /// Asks for `value` to be written; returns at once.
    public func submit(_ value: Value) {
        let queued = state.withLock { state in
            defer { state.pending = value }
            return state.pending != nil
        }
        // A write already queued will take this newer value.
        if queued { return }
        queue.async { [self] in
            guard let value = state.withLock({ state in
                defer { state.pending = nil }
                return state.pending
            }) else { return }
            do {
                try write(value)
            } catch {
                state.withLock { $0.failures.append(error.localizedDescription) }
            }
        }
    }

    /// Why writes failed since the last call, oldest first.
    public func takeFailures() -> [String] {
        state.withLock { state in
            defer { state.failures = [] }
            return state.failures
        }
    }

    /// Returns once everything submitted so far is written (or failed).
    public func waitUntilIdle() {
        queue.sync {}
    }
}
