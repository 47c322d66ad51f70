import Foundation

/// Runs the jobs of one task on a thread of its own, for the few async
/// postgres-nio calls (COPY) the synchronous program waits for.
///
/// A wait on the cooperative pool for a task that also needs the pool
/// deadlocks once every pool thread waits (2 cores: 2 threads); and COPY's
/// producer blocks while the reading thread catches up, which must not block
/// the event loop either. A private thread has neither problem.
final class BlockingTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "postgres-copy"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once its queue is empty.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
