import Foundation
import PseudoTerminal

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
        /// A text terminal that knows synchronized output: DECRPM says
        /// mode 2026 is reset (known), cursor and status reports are
        /// answered, nothing else.
        case synchronizedOutput
    }

    typealias Failure = PseudoTerminalProgram.Failure

    private let program: PseudoTerminalProgram
    private let answers: Answers
    private var answered = 0
    private var column = 1
    /// Everything the program wrote.
    private(set) var output: [UInt8] = []

    init(
        arguments: [String], environment: [String], answers: Answers, width: Int = 80, height: Int = 24,
        cellPixels: (width: Int, height: Int)? = nil
    ) throws {
        self.answers = answers
        let pixels = (width: (cellPixels?.width ?? 0) * width, height: (cellPixels?.height ?? 0) * height)
        program = try PseudoTerminalProgram(arguments: arguments, environment: environment, width: width, height: height, pixels: pixels)
    }

    func send(_ text: String) {
        program.send(Array(text.utf8))
    }

    /// Reads (answering queries) until `done` holds for the output, failing
    /// after `seconds` so a broken program cannot hang the test run.
    func read(until done: ([UInt8]) -> Bool, within seconds: Double = 30, _ what: String) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !done(output) {
            guard Date() < deadline else {
                throw Failure(description: "timed out waiting for \(what): \(String(decoding: output.suffix(600), as: UTF8.self).debugDescription)")
            }
            guard let chunk = program.read(waitingUpTo: 100) else {
                if program.hasExited(waiting: true), done(output) { return }
                throw Failure(description: "the program closed the terminal while waiting for \(what): \(String(decoding: output.suffix(400), as: UTF8.self).debugDescription)")
            }
            output += chunk
            answer()
        }
    }

    /// Reads until the program exits and returns its exit status.
    func waitForExit() throws -> Int32 {
        try read(until: { _ in program.hasExited(waiting: false) }, "the program to exit")
        guard let status = program.exitStatus else { throw Failure(description: "the program exited without a status") }
        return status
    }

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
            } else if answers == .synchronizedOutput, rest.starts(with: [escape] + Array("[?2026$p".utf8)) {
                send("\u{1B}[?2026;2$y")
                answered += 9
            } else if answers == .sixel || answers == .kittyGraphics, let (reply, length) = graphicsReply(rest) {
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
        let queries: [(question: String, answer: String)] = answers == .sixel
            ? TerminalReplies.xtermVT340
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
