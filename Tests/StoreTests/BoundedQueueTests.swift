import Foundation
import Model
import TestSupport
import Testing
@testable import Store

@Suite struct BoundedQueueTests {
    private static func batch(_ number: Int) -> [ImportRow] {
        [ImportRow(Delivery(id: "B\(number)", name: "N", address: Address(line1: "L")))]
    }

    @Test func batchesArriveInOrderThenTheEnd() throws {
        let queue = BoundedQueue<[ImportRow]>(capacity: 2)
        Thread {
            for number in 0..<50 where !queue.put(Self.batch(number)) { return }
            queue.finish(error: nil)
        }.start()
        var ids: [String] = []
        while let batch = try queue.take() { ids += batch.map(\.id) }
        #expect(ids == (0..<50).map { "B\($0)" })
    }

    @Test func twoProducersBatchesArriveAsMadeEachInOrderAndTheQueueEndsWithTheLast() throws {
        let queue = BoundedQueue<[ImportRow]>(capacity: 2, producers: 2)
        let firstDone = DispatchSemaphore(value: 0)
        // The second producer starts only when the first is done: the consumer takes the first's meanwhile.
        Thread {
            for number in 0..<20 where !queue.put(Self.batch(number)) { return }
            queue.finish(error: nil)
            firstDone.signal()
        }.start()
        Thread {
            firstDone.wait()
            for number in 100..<120 where !queue.put(Self.batch(number)) { return }
            queue.finish(error: nil)
        }.start()
        var ids: [String] = []
        while let batch = try queue.take() { ids += batch.map(\.id) }
        #expect(ids == (0..<20).map { "B\($0)" } + (100..<120).map { "B\($0)" })
    }

    @Test func oneProducersErrorEndsTheQueueAndStopsTheOther() {
        struct Broken: Error {}
        let queue = BoundedQueue<[ImportRow]>(capacity: 1, producers: 2)
        #expect(queue.put(Self.batch(0)))
        let refused = DispatchSemaphore(value: 0)
        // The other producer waits on the full queue until the error releases it, refused.
        Thread {
            if !queue.put(Self.batch(1)) { refused.signal() }
        }.start()
        queue.finish(error: Broken())
        #expect(refused.wait(timeout: .now() + 10) == .success)
        #expect((try? queue.take())?.first?.id == "B0")
        #expect(throws: Broken.self) { try queue.take() }
        queue.finish(error: nil)
        #expect(queue.producerError is Broken)
    }

    @Test func aReaderErrorReachesTheWriterAfterTheBatchesBeforeIt() {
        struct Broken: Error {}
        let queue = BoundedQueue<[ImportRow]>(capacity: 4)
        _ = queue.put(Self.batch(0))
        queue.finish(error: Broken())
        #expect((try? queue.take())?.first?.id == "B0")
        #expect(throws: Broken.self) { try queue.take() }
        #expect(queue.producerError is Broken)
    }

    @Test func cancellingReleasesAReaderWaitingOnAFullQueue() {
        let queue = BoundedQueue<[ImportRow]>(capacity: 1)
        let stopped = DispatchSemaphore(value: 0)
        let accepted = Shared(0)
        Thread {
            var number = 0
            while queue.put(Self.batch(number)) {
                accepted.withLock { $0 += 1 }
                number += 1
            }
            stopped.signal()
        }.start()
        #expect((try? queue.take()) != nil)
        queue.cancel()
        stopped.wait()
        // One batch taken, at most one more waiting when the writer gave up.
        #expect(accepted.withLock { $0 } <= 2)
    }
}
