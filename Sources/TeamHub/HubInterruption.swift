import Glibc
import Synchronization

/// How another thread stops a connection's call: a flag, and a pipe whose
/// read end every wait polls beside the server's socket, so that a call
/// blocked on a silent server wakes at once. Once fired it stays fired: the
/// call in progress, and any later one, ends as cancelled.
final class HubInterruption: Sendable {
    private let fired = Atomic<Bool>(false)
    /// The pipe's ends (read, write), both non-blocking; -1 when no pipe could be made (then only the flag is seen, at the next wake-up).
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    var isFired: Bool { fired.load(ordering: .acquiring) }

    /// Safe from any thread, any number of times.
    func fire() {
        guard !fired.exchange(true, ordering: .acquiringAndReleasing), writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
