import Foundation
import Synchronization
import Testing
@testable import Store

/// Values written in the background, the newest of those asked for while a
/// write was under way written once, failures kept for the loop to report.
@Suite struct LatestValueWriterTests {
    @Test func valuesAskedForDuringAWriteCoalesceIntoTheNewest() {
        let written = Mutex<[Int]>([])
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let writer = LatestValueWriter<Int>(label: "test") { value in
            if value == 1 {
                started.signal()
                proceed.wait()
            }
            written.withLock { $0.append(value) }
        }
        writer.submit(1)
        started.wait()
        for value in 2 ... 5 { writer.submit(value) }
        proceed.signal()
        writer.waitUntilIdle()
        #expect(written.withLock { $0 } == [1, 5])
        writer.submit(6)
        writer.waitUntilIdle()
        #expect(written.withLock { $0 } == [1, 5, 6])
        #expect(writer.takeFailures().isEmpty)
    }

    @Test func whoTakesTheFailuresIsWokenOnceTheyAreThere() {
        struct Refused: Error {}
        let found = Mutex<[[String]]>([])
        let box = Mutex<LatestValueWriter<Int>?>(nil)
        let writer = LatestValueWriter<Int>(label: "test", whenWritten: {
            let failures = box.withLock { $0 }?.takeFailures() ?? []
            found.withLock { $0.append(failures) }
        }) { value in
            if value == 2 { throw Refused() }
        }
        box.withLock { $0 = writer }
        writer.submit(1)
        writer.waitUntilIdle()
        writer.submit(2)
        writer.waitUntilIdle()
        let wakes = found.withLock { $0 }
        #expect(wakes.count == 2, "a wake for each write")
        #expect(wakes.first == [], "the first write succeeded")
        #expect(wakes.last?.count == 1, "the second one's failure was there to take when it woke")
    }

    @Test func aFailureIsKeptUntilTakenOnce() {
        struct Refused: LocalizedError {
            var errorDescription: String? { "read-only file system" }
        }
        let writer = LatestValueWriter<Int>(label: "test") { value in
            if value == 2 { throw Refused() }
        }
        writer.submit(1)
        writer.waitUntilIdle()
        writer.submit(2)
        writer.waitUntilIdle()
        #expect(writer.takeFailures() == ["read-only file system"])
        #expect(writer.takeFailures().isEmpty)
    }
}
