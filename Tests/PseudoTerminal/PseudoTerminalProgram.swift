import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started on a new pseudo-terminal whose other end (the master)
/// this object holds: what the program writes is read here, and what is sent
/// here is what it reads as typed. The one pseudo-terminal of the tests'
/// `PtyPeer` and the benchmarks' `TimedTerminal`, which each play a terminal
/// on top of it. Killed and reaped when dropped, if still running.
public final class PseudoTerminalProgram {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    private let master: Int32
    private let pid: pid_t
    /// The program's exit status (128 + the signal for one killed), once reaped.
    public private(set) var exitStatus: Int32?

    /// Starts `arguments` (the first a path) on a `width`×`height` terminal
    /// whose text area is `pixels` in size (`TIOCGWINSZ`, as xterm fills it;
    /// zero: unknown), as its session's controlling terminal, started as a
    /// shell would start it (`ShellLikeSpawn`).
    public init(arguments: [String], environment: [String], width: Int, height: Int, pixels: (width: Int, height: Int) = (0, 0)) throws {
        // posix_openpt and friends are hidden from Swift's Glibc overlay
        // (no _XOPEN_SOURCE); Linux's ioctls do the same: unlock, number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            let reason = errno
            if master >= 0 { close(master) }
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(reason)))")
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

        // POSIX_SPAWN_SETSID is 0x80 in glibc; Swift's overlay does not export it.
        var attributes = ShellLikeSpawn.attributes(extraFlags: 0x80)
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "\(arguments[0]) did not start: \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Writes `bytes` to the program, as typed.
    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// What the program wrote next, waiting up to `milliseconds` for it:
    /// empty when nothing came by then, nil once the program has closed the
    /// terminal (it exited, with all it wrote read).
    public func read(waitingUpTo milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        guard count > 0 else { return nil }
        return Array(buffer[0 ..< count])
    }

    /// Whether the program has exited (`waiting`: once it has), reaping it.
    @discardableResult
    public func hasExited(waiting: Bool) -> Bool {
        guard exitStatus == nil else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, waiting ? 0 : WNOHANG) == pid {
            // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
            exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
        return exitStatus != nil
    }
}
