import Foundation
import Synchronization

/// Answers requests on a background queue, the newest one asked for:
/// requests submitted while one is being answered coalesce into the last,
/// and a request superseded while it ran is stopped (its store reads watch
/// a `ReadInterruption`) and its answer, often that failure, dropped.
///
/// For a store read a key asks for (a search, the per-status counts) that
/// can take a second at a million rows: the loop submits it, draws the key
/// at once, and picks the answer up with `takeAnswers()` when
/// `whenAnswered` wakes it. `LatestValueWriter` is one whose answer is a failure.
public final class LatestRequestWorker<Request: Sendable, Answer: Sendable>: Sendable {
    private struct State {
        var pending: Request?
        /// Counts the requests submitted, so an answer can tell whether a newer one came.
        var submitted = 0
        /// Stops the reads of the request being answered, if one is.
        var running: ReadInterruption?
        var answers: [(request: Request, answer: Answer)] = []
    }

    private let answer: @Sendable (Request) -> Answer
    private let whenAnswered: @Sendable () -> Void
    private let queue: DispatchQueue
    /// Wakes the worker's own thread, for work done ahead of the keys (`behindTheKeys`).
    private let wake: DispatchSemaphore?
    private let state = Mutex(State())

    /// `whenAnswered` is called on the worker's queue after each answer kept
    /// (not a dropped one), to wake whoever takes them. `behindTheKeys`: the
    /// requests are work done ahead of the keys (fonts, heights at the next
    /// text size), answered on a thread of the worker's own at the lowest
    /// priority, so that on a busy machine it never takes the processor from
    /// the loop drawing a key's frame (the kernel shares a process's time
    /// between its threads by their priority).
    public init(
        label: String, behindTheKeys: Bool = false, whenAnswered: @escaping @Sendable () -> Void = {},
        answer: @escaping @Sendable (Request) -> Answer
    ) {
        self.answer = answer
        self.whenAnswered = whenAnswered
        queue = DispatchQueue(label: label)
        wake = behindTheKeys ? DispatchSemaphore(value: 0) : nil
        if let wake {
            // Lives as long as the program: a worker is made once per session.
            let thread = Thread { [self] in
                #if os(Linux)
                // Linux gives each thread its own niceness (0: the calling thread).
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
                #endif
                while true {
                    wake.wait()
                    answerPending()
                }
            }
            thread.name = label
            thread.qualityOfService = .background
            thread.start()
        }
    }

    /// Asks for `request` to be answered, in place of any not yet started; returns at once.
    public func submit(_ request: Request) {
        let (queued, superseded) = state.withLock { state in
            defer {
                state.pending = request
                state.submitted += 1
            }
            return (state.pending != nil, state.running)
        }
        // Its answer would be dropped: stop reading it now.
        superseded?.interrupt()
        // A run already queued will take this newer request.
        if queued { return }
        if let wake {
            wake.signal()
        } else {
            queue.async { [self] in answerPending() }
        }
    }

    /// Answers the request waiting, if one is.
    private func answerPending() {
        guard let (request, serial, interruption) = state.withLock({ state -> (Request, Int, ReadInterruption)? in
            defer { state.pending = nil }
            guard let request = state.pending else { return nil }
            let interruption = ReadInterruption()
            state.running = interruption
            return (request, state.submitted, interruption)
        }) else { return }
        let result = ReadInterruption.$current.withValue(interruption) { answer(request) }
        let kept = state.withLock { state in
            state.running = nil
            // A newer request makes this answer old news.
            guard state.submitted == serial else { return false }
            state.answers.append((request, result))
            return true
        }
        if kept { whenAnswered() }
    }

    /// Drops the request not yet started and stops the one being answered (its answer is dropped).
    public func cancel() {
        let running = state.withLock { state in
            state.pending = nil
            state.submitted += 1
            return state.running
        }
        running?.interrupt()
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
        guard wake != nil else { return queue.sync {} }
        while state.withLock({ $0.pending != nil || $0.running != nil }) { usleep(1_000) }
    }
}
