import Foundation

/// A bounded hand-over of prepared rows from the thread that reads the
/// manifest to the thread that writes them, so a large import keeps both
/// cores busy: reading, decoding and preparing on one, SQLite on the other.
///
/// Bounded, so memory stays flat; cancellable, so a failed write stops the reader.
final class ImportRowQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[ImportRow]] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// Hands over a batch, waiting while the queue is full. False once the writer has given up.
    func put(_ batch: [ImportRow]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The reader is done, with the error that stopped it if any.
    func finish(error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        failure = error
        condition.broadcast()
    }

    /// The next batch, waiting for one; nil at the end. Throws the reader's error.
    func take() throws -> [ImportRow]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !finished { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The writer is done (or failed): unblocks and stops the reader.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        batches = []
        condition.broadcast()
    }
}
