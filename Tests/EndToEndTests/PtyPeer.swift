import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a pseudo-terminal whose other end is this object: it
/// plays the terminal, reading everything the program writes and answering
/// queries the way `answers` says, for tests of what a given terminal gets.
final class PtyPeer {
    /// How this terminal answers the glyph probe.
    enum Answers {
        /// Nothing at all: a terminal that ignores every query.
        case silent
        /// As kitty ≥ 0.40: cursor position reports that move by 2 for
        /// OSC 66 `w=2` and `s=2`, and the status report.
        case kitty
        /// As `xterm -ti vt340` (Debian's xterm 379): cursor reports that do
        /// not move for OSC 66, XTVERSION, device attributes with 4 (sixel),
        /// XTSMGRAPHICS, the default colours, and the status report; the
        /// cell size is in the tty's pixel fields.
        case sixel
        /// As kitty 0.26 with its graphics protocol: the graphics query
        /// answered OK, no OSC 66.
        case kittyGraphics
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let master: Int32
    private let pid: pid_t
    private let answers: Answers
    private var answered = 0
    private var column = 1
    private var exited = false
    /// Everything the program wrote.
    private(set) var output: [UInt8] = []

    init(
        arguments: [String], environment: [String], answers: Answers, width: Int = 80, height: Int = 24,
        cellPixels: (width: Int, height: Int)? = nil
    ) throws {
        self.answers = answers
        // posix_openpt and friends are hidden from Swift's Glibc overlay
        // (no _XOPEN_SOURCE); Linux's ioctls do the same: unlock, number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        var size = winsize(
            ws_row: UInt16(height), ws_col: UInt16(width),
            ws_xpixel: UInt16((cellPixels?.width ?? 0) * width), ws_ypixel: UInt16((cellPixels?.height ?? 0) * height)
        )
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = "/dev/pts/\(number)"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the child's controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)

        // POSIX_SPAWN_SETSID is 0x80 in glibc; Swift's overlay does not export it.
        var attributes = ChildProcess.shellLikeAttributes(extraFlags: 0x80)
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "\(arguments[0]) did not start: \(spawned)")
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

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads (answering queries) until `done` holds for the output, failing
    /// after `seconds` so a broken program cannot hang the test run.
    func read(until done: ([UInt8]) -> Bool, within seconds: Double = 30, _ what: String) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(output) {
            guard Date() < deadline else {
                throw Failure(description: "timed out waiting for \(what): \(String(decoding: output.suffix(600), as: UTF8.self).debugDescription)")
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else {
                if reapIfExited(blocking: true), done(output) { return }
                throw Failure(description: "the program closed the terminal while waiting for \(what): \(String(decoding: output.suffix(400), as: UTF8.self).debugDescription)")
            }
            output += buffer[0 ..< count]
            answer()
        }
    }

    /// Reads until the program exits and returns its exit status.
    func waitForExit() throws -> Int32 {
        try read(until: { _ in reapIfExited(blocking: false) }, "the program to exit")
        return exitStatus
    }

    private func reapIfExited(blocking: Bool) -> Bool {
        guard !exited else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, blocking ? 0 : WNOHANG) == pid {
            exited = true
            exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
        return exited
    }

    private var exitStatus: Int32 = 0

    /// Answers the queries that have arrived since the last call, in order.
    private func answer() {
        guard answers != .silent else { return }
        let escape: UInt8 = 0x1B
        while answered < output.count {
            let rest = output[answered...]
            if rest.first == 0x0D {
                column = 1
                answered += 1
            } else if rest.starts(with: [escape] + Array("[6n".utf8)) {
                send("\u{1B}[24;\(column)R")
                answered += 4
            } else if rest.starts(with: [escape] + Array("[5n".utf8)) {
                send("\u{1B}[0n")
                answered += 4
            } else if answers != .kitty, let (reply, length) = graphicsReply(rest) {
                send(reply)
                answered += length
            } else if answers == .kitty, rest.starts(with: [escape] + Array("]66;".utf8)) {
                // Up to ST; a block of `w` (or `s`) cells per character moves the cursor.
                guard let end = rest.indices.first(where: { output[$0] == escape && $0 + 1 < output.count && output[$0 + 1] == UInt8(ascii: "\\") }) else { return }
                let body = String(decoding: output[(answered + 5) ..< end], as: UTF8.self)
                let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                var scale = 1, width = 0
                for pair in parts[0].split(separator: ":") {
                    let kv = pair.split(separator: "=")
                    if kv.count == 2, let value = Int(kv[1]) {
                        if kv[0] == "s" { scale = value }
                        if kv[0] == "w" { width = value }
                    }
                }
                let characters = parts.count > 1 ? parts[1].count : 0
                column += width > 0 ? scale * width : scale * characters
                answered = end + 2
            } else if rest.first == escape {
                answered += 1
            } else {
                answered += 1
            }
        }
    }

    /// The reply of an xterm -ti vt340 or a kitty 0.26 to the graphics part of the probe, and the query's length.
    private func graphicsReply(_ rest: ArraySlice<UInt8>) -> (String, Int)? {
        let queries: [(String, String)] = answers == .sixel
            ? [("\u{1B}[>0q", "\u{1B}P>|XTerm(379)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"),
               ("\u{1B}[?1;1;0S", "\u{1B}[?1;0;1024S"), ("\u{1B}[?2;1;0S", "\u{1B}[?2;0;900;570S"),
               ("\u{1B}]10;?\u{1B}\\", "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\"), ("\u{1B}]11;?\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")]
            : [("\u{1B}[>0q", "\u{1B}P>|kitty(0.26.5)\u{1B}\\"), ("\u{1B}_Gi=31,", "\u{1B}_Gi=31;OK\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?62;c")]
        for (query, reply) in queries where rest.starts(with: Array(query.utf8)) {
            if query.hasPrefix("\u{1B}_G") {
                // Up to its ST.
                guard let end = rest.indices.first(where: { output[$0] == 0x1B && $0 + 1 < output.count && output[$0 + 1] == UInt8(ascii: "\\") && $0 > rest.startIndex }) else { return nil }
                return (reply, end + 2 - rest.startIndex)
            }
            return (reply, query.utf8.count)
        }
        return nil
    }
}
