import Synchronization

/// A value a test shares with closures that the code under test may call on
/// other threads (progress callbacks, readers): a `Mutex` in a class, since a
/// `Mutex` itself cannot be captured by an escaping closure.
public final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try mutex.withLock { value throws(Failure) in try body(&value) }
    }
}
