import Foundation

/// A bounded hand-over from producing threads to one consuming thread: an
/// import's reader hands prepared rows (SQLite) or its readers hand COPY
/// chunks (PostgreSQL) to the writer, so reading and writing keep both cores
/// busy. With several producers the consumer takes what any of them has
/// made, in the order they made it; the queue ends when the last producer
/// finishes, or with the first producer's error, which also stops the others.
///
/// Bounded, so memory stays a few elements however large the manifest;
/// cancellable, so a failed writer stops the reader; the reader's error
/// travels with the end of the queue. Waiting needs a condition, which a
/// `Mutex` does not offer: this is the one place that blocks on one.
///
///     let queue = BoundedQueue<[ImportRow]>(capacity: 8)
///     // reader: while … { guard queue.put(batch) else { return } }; queue.finish(error: nil)
///     // writer: while let batch = try queue.take() { … }
public final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private let capacity: Int
    private var elements: [Element] = []
    private var finished = false
    private var cancelled = false
    private var error: (any Error)?
    /// Producers that have not finished yet.
    private var producing: Int

    public init(capacity: Int, producers: Int = 1) {
        self.capacity = capacity
        producing = producers
    }

    /// Hands over an element, waiting while the queue is full. False once the
    /// consumer has given up or another producer has failed.
    public func put(_ element: Element) -> Bool {
        condition.withLock {
            while elements.count >= capacity, !cancelled, error == nil { condition.wait() }
            guard !cancelled, error == nil else { return false }
            elements.append(element)
            condition.broadcast()
            return true
        }
    }

    /// A producer is done, with the error that stopped it if any: the queue
    /// ends when every producer is done, or at the first error (which the
    /// consumer gets after what is queued).
    public func finish(error: (any Error)?) {
        condition.withLock {
            producing -= 1
            if self.error == nil { self.error = error }
            finished = producing <= 0 || self.error != nil
            condition.broadcast()
        }
    }

    /// The next element, waiting for one; nil at the end. Throws the producer's error.
    public func take() throws -> Element? {
        try condition.withLock {
            while elements.isEmpty, !finished { condition.wait() }
            if !elements.isEmpty {
                condition.broadcast()
                return elements.removeFirst()
            }
            if let error { throw error }
            return nil
        }
    }

    /// The consumer is done (or failed): drops what is queued and stops the producer.
    public func cancel() {
        condition.withLock {
            cancelled = true
            elements = []
            condition.broadcast()
        }
    }

    /// Whether the consumer has given up (`cancel()`): a producer's long step
    /// between two `put`s asks this to stop early.
    public var isCancelled: Bool {
        condition.withLock { cancelled }
    }

    /// The error the producer finished with, if it has finished with one.
    public var producerError: (any Error)? {
        condition.withLock { error }
    }
}
