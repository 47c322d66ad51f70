import Foundation
import Synchronization
import Testing
@testable import Store

/// Requests answered in the background: in order, the newest of those asked
/// for while one ran answered once, the answer to a superseded request
/// dropped, and a failure handed back like any other answer.
@Suite struct LatestRequestWorkerTests {
    /// Holds the worker inside its answer to `held` until `release()`.
    private final class Gate: Sendable {
        let held: Int
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        init(holding held: Int) { self.held = held }
        func pass(_ request: Int) {
            guard request == held else { return }
            started.signal()
            proceed.wait()
        }
    }

    @Test func answersComeBackInTheOrderAskedEachWithItsRequest() {
        let worker = LatestRequestWorker<Int, String>(label: "test") { "answer \($0)" }
        for request in 1 ... 3 {
            worker.submit(request)
            worker.waitUntilIdle()
        }
        let answers = worker.takeAnswers()
        #expect(answers.map(\.request) == [1, 2, 3])
        #expect(answers.map(\.answer) == ["answer 1", "answer 2", "answer 3"])
        #expect(worker.takeAnswers().isEmpty, "each answer is taken once")
    }

    @Test func theNewestRequestWinsAndASupersededAnswerIsDropped() {
        let gate = Gate(holding: 1)
        let answered = Mutex<[Int]>([])
        let worker = LatestRequestWorker<Int, Int>(label: "test") { request in
            gate.pass(request)
            answered.withLock { $0.append(request) }
            return request * 10
        }
        worker.submit(1)
        gate.started.wait()
        for request in 2 ... 5 { worker.submit(request) }
        gate.proceed.signal()
        worker.waitUntilIdle()
        #expect(answered.withLock { $0 } == [1, 5], "2, 3 and 4 were never read")
        let answers = worker.takeAnswers()
        #expect(answers.map(\.request) == [5], "1 was asked again in the meantime: its answer is old news")
        #expect(answers.map(\.answer) == [50])
    }

    @Test func whoTakesTheAnswersIsWokenForEachKeptAnswerOnly() {
        let gate = Gate(holding: 1)
        let wakes = Mutex<[[Int]]>([])
        let box = Mutex<LatestRequestWorker<Int, Int>?>(nil)
        let worker = LatestRequestWorker<Int, Int>(label: "test", whenAnswered: {
            // What the waker finds when woken: the answer is already there to take.
            let answers = box.withLock { $0 }?.takeAnswers().map(\.request) ?? []
            wakes.withLock { $0.append(answers) }
        }) { request in
            gate.pass(request)
            return request
        }
        box.withLock { $0 = worker }
        worker.submit(1)
        gate.started.wait()
        worker.submit(2)
        gate.proceed.signal()
        worker.waitUntilIdle()
        worker.submit(3)
        worker.waitUntilIdle()
        #expect(wakes.withLock { $0 } == [[2], [3]], "1 was superseded: dropped, and nobody woken for it")
    }

    @Test func anAnswerTakenBeforeTheNextRequestIsKept() {
        let gate = Gate(holding: 1)
        let worker = LatestRequestWorker<Int, Int>(label: "test") { request in
            gate.pass(request)
            return request
        }
        worker.submit(1)
        gate.started.wait()
        gate.proceed.signal()
        worker.waitUntilIdle()
        worker.submit(2)
        worker.waitUntilIdle()
        #expect(worker.takeAnswers().map(\.request) == [1, 2])
    }

    @Test func aFailureComesBackAsTheAnswer() {
        let worker = LatestRequestWorker<String, Result<Int, StoreError>>(label: "test") { text in
            do throws(StoreError) {
                guard let number = Int(text) else { throw StoreError(kind: .inputOutput, path: "test", reason: "not a number: \(text)") }
                return .success(number)
            } catch {
                return .failure(error)
            }
        }
        worker.submit("x")
        worker.waitUntilIdle()
        let answers = worker.takeAnswers()
        #expect(answers.count == 1)
        guard case .failure(let error)? = answers.first?.answer else {
            Issue.record("expected a failure, got \(answers)")
            return
        }
        #expect(error.reason == "not a number: x")
        worker.submit("7")
        worker.waitUntilIdle()
        #expect(worker.takeAnswers().map { try? $0.answer.get() } == [7])
    }
}
