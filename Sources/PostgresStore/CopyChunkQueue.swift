import Foundation
import PostgresNIO

/// A bounded hand-over of COPY data from the reading thread to the sender:
/// the reader waits when the sender is behind, so memory stays a few chunks.
final class CopyChunkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var chunks: [ByteBuffer] = []
    private var finished = false
    private var cancelled = false
    private var error: (any Error)?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a chunk, waiting for room; false when the sender has given up.
    func put(_ chunk: ByteBuffer) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// No more chunks; `error` when the reader failed.
    func finish(error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        self.error = error
        condition.broadcast()
    }

    /// The sender stops taking (a failure); the reader's next `put` returns false.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
    }

    /// The next chunk, waiting for it; nil at the end; throws the reader's error.
    func take() throws -> ByteBuffer? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !finished { condition.wait() }
        if !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            condition.broadcast()
            return chunk
        }
        if let error { throw error }
        return nil
    }
}
