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

    /// A saved (or failed) request: what the store did.
    public struct Outcome: Sendable {
        public let request: Request
        public let result: Result<Written, StoreError>
    }

    /// What a request came to in the store.
    public enum Written: Sendable, Hashable {
        /// The change made (by an undo: the status restored).
        case changed(StatusChange)
        /// Nothing to change: the delivery had the status, or there was nothing to undo.
        case unchanged
        /// An undo refused because someone else changed the delivery since (`UndoOutcome.refused`).
        case refused(deliveryID: String, reason: String)
    }

    private let store: any DeliveryStoring
    /// Whose changes these are, and whose changes an undo may take back.
    public let author: ChangeAuthor
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
    public init(
        store: any DeliveryStoring, author: ChangeAuthor, retryInterval: TimeInterval = 0.1,
        whenDone: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.author = author
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

    private func perform(_ request: Request) -> Result<Written, StoreError> {
        while true {
            do throws(StoreError) {
                switch request {
                case .setStatus(let status, let id):
                    return .success(try store.setStatus(status, forDeliveryID: id, by: author).map(Written.changed) ?? .unchanged)
                case .undo(let id):
                    switch try store.undoLastChange(by: author, ofDeliveryID: id) {
                    case .undone(let change): return .success(.changed(change))
                    case .nothingToUndo: return .success(.unchanged)
                    case .refused(let deliveryID, let reason): return .success(.refused(deliveryID: deliveryID, reason: reason))
                    }
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
