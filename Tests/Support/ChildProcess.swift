import Foundation
import PseudoTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command and waits for it, passing the child no descriptor but
/// stdin, stdout and stderr, and no blocked signal.
///
/// Foundation's `Process` notices a child's exit through a socket the child
/// inherits. The first `tmux` client forks the tmux server, which keeps that
/// socket open for its whole life, so `waitUntilExit` never returns: CI hung on
/// exactly this when no tmux server was already running. `posix_spawn` with
/// `closefrom(3)` leaks nothing, and the child is reaped with `waitpid`.
/// (PostgreSQL's postmaster, started by `pg_ctl`, holds the socket just as the
/// tmux server does.) Shared by the test targets that start programs.
public enum ChildProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let command: [String]
        public let status: Int32
        public init(command: [String], status: Int32) {
            self.command = command
            self.status = status
        }
        public var description: String { "\(command.joined(separator: " ")) exited with \(status)" }
    }

    /// Runs `arguments` (looked up on PATH) and returns its standard output.
    @discardableResult
    public static func run(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe2(&pipeEnds, O_CLOEXEC) == 0 else { throw Failure(command: arguments, status: -errno) }
        }
        defer { for end in pipeEnds where end >= 0 { close(end) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = addCloseFrom(&actions, 3)

        // Started as a shell would: nothing blocked, every signal at its default.
        var attributes = ShellLikeSpawn.attributes()
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(command: arguments, status: -spawned) }

        var output = Data()
        if captureOutput {
            close(pipeEnds[1])
            pipeEnds[1] = -1
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0 ..< count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
        }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        guard exitCode == 0 else { throw Failure(command: arguments, status: exitCode) }
        return String(decoding: output, as: UTF8.self)
    }

    // Glibc's Swift overlay is built without _GNU_SOURCE, which hides these
    // two; both are in Debian 12's glibc (2.34 and later), so look them up.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
        guard let symbol = dlsym(nil, "pipe2") else { return -1 }
        return unsafeBitCast(symbol, to: Pipe2.self)(ends, flags)
    }

    private static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32 {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return -1 }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)(actions, from)
    }
}
