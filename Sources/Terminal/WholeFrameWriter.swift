import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands a frame to the terminal in one `write(2)`, so that a terminal (or
/// tmux, or a test reading the screen) never shows half of one.
///
/// ncurses writes straight to its file descriptor, not through stdio: it
/// flushes its own small buffer (about a screenful of plain text) whenever
/// it fills, and ncurses 6.4 even after every cursor move until the first
/// `endwin`; `curs_set` and the escapes written raw (images, doubled lines,
/// OSC 66 runs, links) are writes of their own. So no `setvbuf` can join
/// them: instead, while a frame is drawn, standard output is a scratch file
/// that takes every byte in the order written, and the terminal then gets
/// them all at once. The scratch file lives in memory (POSIX shared memory,
/// unlinked at once), so a full disk cannot cut a frame short. Without one
/// frames are written as they are drawn, as ncurses would.
final class WholeFrameWriter {
    /// The scratch file's descriptor, or -1.
    private let scratch: Int32 = WholeFrameWriter.memoryFile()
    /// The terminal's descriptor: standard output, but for tests.
    private let output: Int32
    /// A terminal that knows synchronized output (`ProbeReplies`) gets each
    /// frame between `CSI ? 2026 h` and `CSI ? 2026 l`, and shows it only
    /// once whole, however it reads it (a slow link splits a long write).
    var synchronizes = false

    init(output: Int32 = 1) {
        self.output = output
    }

    deinit {
        if scratch >= 0 { close(scratch) }
    }

    /// An unnamed file in memory: created under a name only this process
    /// uses and unlinked at once, so nothing is left behind however the
    /// program ends.
    private static func memoryFile() -> Int32 {
        let name = "/idelivermobile-frame-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let descriptor = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { shm_unlink(name) }
        return descriptor
    }

    /// Runs `draw`, gathering what it writes to the terminal's descriptor, then writes it to the terminal.
    func frame(_ draw: () -> Void) {
        guard scratch >= 0 else { return draw() }
        let gathered = scratch
        let terminal = dup(output)
        guard terminal >= 0 else { return draw() }
        defer { close(terminal) }
        guard dup2(gathered, output) >= 0 else { return draw() }
        draw()
        // The terminal's descriptor is the terminal again whatever happens below.
        _ = dup2(terminal, output)
        let count = Int(lseek(gathered, 0, SEEK_CUR))
        guard count > 0 else { return }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(gathered, $0.baseAddress, count, 0) }
        _ = ftruncate(gathered, 0)
        _ = lseek(gathered, 0, SEEK_SET)
        guard read > 0 else { return }
        let frame = synchronizes ? Array(Self.beginSynchronized.utf8) + bytes[..<read] + Array(Self.endSynchronized.utf8) : Array(bytes[..<read])
        Self.writeAll(frame[...], to: output)
    }

    static let beginSynchronized = "\u{1B}[?2026h"
    static let endSynchronized = "\u{1B}[?2026l"

    /// Writes all of `bytes` to `descriptor`, in as few writes as it takes
    /// (one, unless a signal or a full terminal cuts one short); stops when
    /// the terminal is gone.
    static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return
            }
            guard written > 0 else { return }
            offset += written
        }
    }
}
