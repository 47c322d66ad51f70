import Foundation

/// A thread that does part of an operation's work and that the operation
/// waits for before it returns, whatever way it returns (`run(_:stoppedBy:_:)`):
/// none of its work outlives the call. A command exits right after a
/// failed import; a reader still hashing the manifest then would be inside
/// libcrypto while `exit` runs OpenSSL's cleanup, and crash there.
///
/// A POSIX thread joined with `pthread_join`, rather than a `Thread` that
/// signals at the end of its body: that thread would still be unwinding
/// when the waiter goes on.
///
///     let rows = BoundedQueue<[ImportRow]>(capacity: 16)
///     try JoinedThread.run({ /* read, rows.put(…) */ }, stoppedBy: rows.cancel) {
///         while let batch = try rows.take() { … }
///     }
public final class JoinedThread: Sendable {
    private let thread: pthread_t

    /// Starts `work` on a thread of its own; `join()` must follow.
    public init(_ work: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let argument = Unmanaged.passRetained(Work(work)).toOpaque()
        let started = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, argument)
        // As `Thread.start()` does: without a thread the operation cannot go on at all.
        precondition(started == 0, "could not start a thread (error \(started))")
        self.thread = thread
    }

    /// Waits until the thread's work has returned and the thread has ended.
    public func join() {
        pthread_join(thread, nil)
    }

    /// Runs `body` while `work` runs on a thread of its own; when `body`
    /// returns or throws, calls `stop` (which tells `work` to give up, e.g.
    /// cancels the queue it fills) and waits for the thread to end, then
    /// returns or rethrows what `body` did.
    public static func run<Result>(
        _ work: @escaping @Sendable () -> Void, stoppedBy stop: () -> Void, _ body: () throws -> Result
    ) rethrows -> Result {
        let thread = JoinedThread(work)
        defer {
            stop()
            thread.join()
        }
        return try body()
    }
}
