import Foundation
import Model

/// Saves status changes on a thread of its own, in order, retrying while
/// another process (a long import) holds the store's write lock.
///
/// The browser's loop never waits for SQLite: it submits a request, shows
/// "saving…", and picks the outcome up with `takeOutcomes()` when
/// `whenDone` wakes it.
/// A request is only ever dropped by a real error, never by a busy store;
/// `waitUntilIdle()` lets the program finish saving before it exits.
public final class StatusWriter: @unchecked Sendable {
    /// A change to save: the screens' request, as they ask for it.
    public typealias Request = StatusRequest

    /// A saved (or failed) request: the change made, nil when there was
    /// nothing to change (the same status, or nothing to undo).
    public struct Outcome: Sendable {
        public let request: Request
        public let result: Result<StatusChange?, StoreError>
    }

    private let store: any DeliveryStoring
    private let retryInterval: TimeInterval
    private let whenDone: @Sendable () -> Void
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [Request] = []
    private var inFlight = 0
    private var outcomes: [Outcome] = []
    private var waitingForLock = false

    /// `whenDone` is called on the writer's thread after each outcome is
    /// ready to take, to wake whoever takes them.
    public init(store: any DeliveryStoring, retryInterval: TimeInterval = 0.1, whenDone: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.retryInterval = retryInterval
        self.whenDone = whenDone
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "StatusWriter"
        thread.start()
    }

    /// Queues a change; returns at once.
    public func submit(_ request: Request) {
        condition.withLock {
            queue.append(request)
            condition.broadcast()
        }
    }

    /// Requests queued or being written.
    public var pendingCount: Int { condition.withLock { queue.count + inFlight } }

    /// True while the current request waits for another process's write lock.
    public var isWaitingForLock: Bool { condition.withLock { waitingForLock } }

    /// The outcomes finished since the last call, in order.
    public func takeOutcomes() -> [Outcome] {
        condition.withLock {
            defer { outcomes.removeAll() }
            return outcomes
        }
    }

    /// Blocks until every submitted request is written (or has failed).
    public func waitUntilIdle() {
        condition.withLock {
            while !queue.isEmpty || inFlight > 0 { condition.wait() }
        }
    }

    private func run() {
        while true {
            let request: Request = condition.withLock {
                while queue.isEmpty { condition.wait() }
                inFlight += 1
                return queue.removeFirst()
            }
            let result = perform(request)
            condition.withLock {
                waitingForLock = false
                outcomes.append(Outcome(request: request, result: result))
            }
            // Before the request stops counting: `waitUntilIdle()` returns after the wake.
            whenDone()
            condition.withLock {
                inFlight -= 1
                condition.broadcast()
            }
        }
    }

    private func perform(_ request: Request) -> Result<StatusChange?, StoreError> {
        while true {
            do throws(StoreError) {
                switch request {
                case .setStatus(let status, let id): return .success(try store.setStatus(status, forDeliveryID: id))
                case .undo: return .success(try store.undoLastChange())
                }
            } catch where error.kind == .busy {
                // Another process holds the write lock (an import): keep the change and try again.
                condition.withLock { waitingForLock = true }
                Thread.sleep(forTimeInterval: retryInterval)
            } catch {
                return .failure(error)
            }
        }
    }
}
