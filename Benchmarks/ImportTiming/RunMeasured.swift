import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One finished child process: how long it took and what it used.
struct Usage {
    var wall: Double
    var cpu: Double
    var maxRSSKiB: Int
}

/// Runs `command` (its first element a path; output to /dev/null) and waits for it with `wait4`.
func runMeasured(_ command: [String]) throws -> Usage {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let started = Date()
    guard let program = command.first, posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else {
        throw BenchFailure("cannot start \(command.first ?? "nothing")")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = Date().timeIntervalSince(started)
    guard status == 0 else { throw BenchFailure("\(command.joined(separator: " ")) failed (\(status))") }
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Usage(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), maxRSSKiB: usage.ru_maxrss)
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
