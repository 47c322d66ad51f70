import Foundation

/// Writes a value on a background queue, the newest one asked for: values
/// submitted while one is being written coalesce into one write of the last.
///
/// For a setting saved atomically (with fsync, which takes longer than a
/// frame, more while the disk is busy) at a key press, which the key's
/// frame should not wait for. A
/// failure is kept until `takeFailures()` so that the loop can say so; the
/// failure of a write a newer value superseded is not, as that value's write
/// says what came of it. A `LatestRequestWorker` whose answer is the failure.
public final class LatestValueWriter<Value: Sendable>: Sendable {
    private let worker: LatestRequestWorker<Value, String?>

    /// `whenWritten` is called after each write that was not superseded,
    /// once its failure (if any) is ready to take, to wake whoever takes them.
    public init(label: String, whenWritten: @escaping @Sendable () -> Void = {}, write: @escaping @Sendable (Value) throws -> Void) {
        worker = LatestRequestWorker(label: label, whenAnswered: whenWritten) { value in
            do {
                try write(value)
                return nil
            } catch {
                return error.localizedDescription
            }
        }
    }

    /// Asks for `value` to be written; returns at once.
    public func submit(_ value: Value) {
        worker.submit(value)
    }

    /// Why writes failed since the last call, oldest first.
    public func takeFailures() -> [String] {
        worker.takeAnswers().compactMap(\.answer)
    }

    /// Returns once everything submitted so far is written (or failed).
    public func waitUntilIdle() {
        worker.waitUntilIdle()
    }
}
