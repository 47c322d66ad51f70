import Foundation
import Testing
@testable import Terminal

/// The loop's wake-up: a wake from another thread makes the read end ready
/// for poll(2); draining takes every wake so far, and the next wait blocks again.
@Suite struct WakeUpPipeTests {
    /// Whether a poll of the read end finds it ready now (no waiting).
    private func isReady(_ pipe: WakeUpPipe) -> Bool {
        var descriptor = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1
    }

    @Test func aWakeFromAnotherThreadIsSeenAndManyWakesDrainAsOne() {
        let pipe = WakeUpPipe()
        #expect(pipe.readEnd >= 0)
        #expect(!isReady(pipe), "nothing rang yet")
        let woken = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for _ in 0 ..< 1000 { pipe.wake() }
            woken.signal()
        }
        woken.wait()
        #expect(isReady(pipe))
        pipe.drain()
        #expect(!isReady(pipe), "one drain takes every wake, even more than the pipe holds")
        pipe.wake()
        #expect(isReady(pipe))
    }
}
