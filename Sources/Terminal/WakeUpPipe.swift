import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes the input loop from another thread: a pipe whose read end
/// `TerminalSession.nextEvent` watches beside the terminal (poll(2)), so
/// that an answer read off the loop, or a signal, is taken at once rather
/// than at the next look of a timer.
///
/// `wake()` writes a byte; the loop drains them all when it wakes, so any
/// number of wakes before it looks make one wake-up. Both ends are
/// non-blocking: a full pipe already holds a wake-up.
public final class WakeUpPipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        // Without a pipe (no descriptors left) the loop still wakes on its timer.
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes the loop's wait end now (or its next wait, if it is not waiting); from any thread.
    public func wake() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits up to `milliseconds` for a wake-up, for a loop with nothing else
    /// to watch; true when one came (all taken).
    public func wait(milliseconds: Int32) -> Bool {
        guard readEnd >= 0 else { return false }
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        drain()
        return true
    }

    /// Takes every wake-up written so far.
    func drain() {
        guard readEnd >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
