import Foundation
import PseudoTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The program under test on a pseudo-terminal (`PseudoTerminalProgram`)
/// played as a terminal: it answers the glyph probe's cursor-position and
/// status reports (ignoring OSC 66, as most terminals do) and any other
/// question given in `replies`, and timestamps every byte the program
/// writes. Shared by `make bench`'s end-to-end parts.
public final class TimedTerminal {
    public typealias Failure = PseudoTerminalProgram.Failure

    private let program: PseudoTerminalProgram
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
        pixels: (width: Int, height: Int) = (0, 0), replies: [(question: String, answer: String)] = []
    ) throws {
        self.replies = replies.map { (Array($0.question.utf8), Array($0.answer.utf8)) }
        started = Self.now()
        program = try PseudoTerminalProgram(arguments: arguments, environment: environment, width: width, height: height, pixels: pixels)
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
        program.send(bytes)
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
        while !program.hasExited(waiting: false), Self.now() < deadline {
            _ = program.read(waitingUpTo: 50)
        }
        if !program.hasExited(waiting: false) { throw Failure(description: "the program did not quit on q") }
    }

    /// The next output, waiting at most `timeoutNanoseconds` (and a second); nil when none came.
    private func readChunk(timeoutNanoseconds: UInt64) throws -> [UInt8]? {
        let milliseconds = Int32(min(1_000, (timeoutNanoseconds + 999_999) / 1_000_000))
        guard let chunk = program.read(waitingUpTo: milliseconds) else {
            throw Failure(description: "the program closed its terminal (it exited?)")
        }
        guard !chunk.isEmpty else { return nil }
        if recording { output += chunk }
        return chunk
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
