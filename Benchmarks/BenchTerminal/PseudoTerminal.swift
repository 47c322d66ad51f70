import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The program under test on a pseudo-terminal whose other end is this
/// object, which plays a terminal: it answers the glyph probe's
/// cursor-position and status reports (ignoring OSC 66, as most terminals
/// do) and any other question given in `replies`, and timestamps every byte
/// the program writes. Shared by `make bench`'s end-to-end parts.
public final class PseudoTerminal {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    private let master: Int32
    private let pid: pid_t
    private var exited = false
    /// Cursor-position reports answered so far: a plain terminal moves one column per probe space.
    private var reports = 0
    /// Other questions and their answers (a terminal that draws sixel: its device attributes, …).
    private let replies: [(question: [UInt8], answer: [UInt8])]
    /// When the program was started.
    public let started: UInt64
    /// Everything the program wrote, when `recording`.
    public private(set) var output: [UInt8] = []
    public var recording = false

    /// `pixels`: the text area in pixels the tty reports (`TIOCGWINSZ`), as xterm fills it.
    public init(
        arguments: [String], environment: [String], width: Int, height: Int,
        pixels: (width: Int, height: Int) = (0, 0), replies: [(String, String)] = []
    ) throws {
        self.replies = replies.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        // posix_openpt and friends are hidden from Swift's Glibc overlay
        // (no _XOPEN_SOURCE); Linux's ioctls do the same: unlock, number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: UInt16(pixels.width), ws_ypixel: UInt16(pixels.height))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the child's controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID is 0x80 in glibc; Swift's overlay does not export it.
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | 0x80))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        started = Self.now()
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "\(arguments[0]) did not start: \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Nanoseconds on the monotonic clock.
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Writes `bytes` (a key) and returns when it was written.
    public func send(_ bytes: [UInt8]) -> UInt64 {
        let at = Self.now()
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return at
    }

    /// Reads the burst of output that follows `start`: everything until the
    /// program has been silent for `quiet` nanoseconds. Returns when its
    /// last byte arrived, in nanoseconds after `start`; nil when nothing
    /// came within `patience` nanoseconds.
    public func burst(after start: UInt64, quiet: UInt64, patience: UInt64) throws -> UInt64? {
        var last: UInt64?
        while true {
            let now = Self.now()
            let deadline = last.map { $0 + quiet } ?? start + patience
            guard now < deadline else { return last.map { $0 - start } }
            guard let chunk = try readChunk(timeoutNanoseconds: deadline - now) else { continue }
            answer(chunk)
            last = Self.now()
        }
    }

    /// Reads and discards output for `nanoseconds` (answering the probe, should it come).
    public func drain(for nanoseconds: UInt64) throws {
        let deadline = Self.now() + nanoseconds
        while case let now = Self.now(), now < deadline {
            if let chunk = try readChunk(timeoutNanoseconds: deadline - now) { answer(chunk) }
        }
    }

    /// Asks the program to quit (`q`) and waits for it.
    public func quit() throws {
        _ = send(Array("q".utf8))
        let deadline = Self.now() + 10_000_000_000
        while !exited, Self.now() < deadline {
            _ = try? readChunk(timeoutNanoseconds: 50_000_000)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        }
        if !exited { throw Failure(description: "the program did not quit on q") }
    }

    private func readChunk(timeoutNanoseconds: UInt64) throws -> [UInt8]? {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(1_000, (timeoutNanoseconds + 999_999) / 1_000_000))
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0, errno == EINTR { return nil }
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { throw Failure(description: "the program closed its terminal (it exited?)") }
        if recording { output += buffer[0 ..< count] }
        return Array(buffer[0 ..< count])
    }

    /// Answers the glyph probe as a terminal without OSC 66 would, and the questions of `replies`.
    private func answer(_ chunk: [UInt8]) {
        let escape: UInt8 = 0x1B
        for index in chunk.indices where chunk[index] == escape {
            let rest = chunk[index...]
            if rest.starts(with: [escape] + Array("[6n".utf8)) {
                reports += 1
                _ = send(Array("\u{1B}[1;\(reports)R".utf8))
            } else if rest.starts(with: [escape] + Array("[5n".utf8)) {
                _ = send(Array("\u{1B}[0n".utf8))
            } else if let reply = replies.first(where: { rest.starts(with: $0.question) }) {
                _ = send(reply.answer)
            }
        }
    }
}
