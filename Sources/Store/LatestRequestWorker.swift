import Foundation
import Synchronization

/// Answers requests on a background queue, the newest one asked for:
/// requests submitted while one is being answered coalesce into the last,
/// and the answer to a request superseded while it ran is dropped.
///
/// For a store read a key asks for (a search, the per-status counts) that
/// can take a second at a million rows: the loop submits it, draws the key
/// at once, and picks the answer up with `takeAnswers()`; `isBusy` tells it
/// to look again soon. `LatestValueWriter` is one whose answer is a failure.
public final class LatestRequestWorker<Request: Sendable, Answer: Sendable>: Sendable {
    private struct State {
        var pending: Request?
        /// Counts the requests submitted, so an answer can tell whether a newer one came.
        var submitted = 0
        var running = false
        var answers: [(request: Request, answer: Answer)] = []
    }

    private let answer: @Sendable (Request) -> Answer
    private let queue: DispatchQueue
    private let state = Mutex(State())

    public init(label: String, answer: @escaping @Sendable (Request) -> Answer) {
        self.answer = answer
        queue = DispatchQueue(label: label)
    }

    /// Asks for `request` to be answered, in place of any not yet started; returns at once.
    public func submit(_ request: Request) {
        let queued = state.withLock { state in
            defer {
                state.pending = request
                state.submitted += 1
            }
            return state.pending != nil
        }
        // A run already queued will take this newer request.
        if queued { return }
        queue.async { [self] in
            guard let (request, serial) = state.withLock({ state -> (Request, Int)? in
                defer { state.pending = nil }
                guard let request = state.pending else { return nil }
                state.running = true
                return (request, state.submitted)
            }) else { return }
            let result = answer(request)
            state.withLock { state in
                state.running = false
                // A newer request makes this answer old news.
                if state.submitted == serial { state.answers.append((request, result)) }
            }
        }
    }

    /// True while a request waits or is being answered.
    public var isBusy: Bool {
        state.withLock { $0.pending != nil || $0.running }
    }

    /// The answers kept since the last call, oldest first, each with its request.
    public func takeAnswers() -> [(request: Request, answer: Answer)] {
        state.withLock { state in
            defer { state.answers = [] }
            return state.answers
        }
    }

    /// Returns once everything submitted so far is answered.
    public func waitUntilIdle() {
        queue.sync {}
    }
}
