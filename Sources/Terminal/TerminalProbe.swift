import Canvas
import Foundation

/// Asks the terminal what it can draw, before ncurses takes it over: writes
/// `GlyphDetection.identify` (then, to a terminal that draws sixel,
/// `GlyphDetection.sixelGraphics`, and to one that may draw OSC 66,
/// `GlyphDetection.probe`) with echo and line buffering off and reads the
/// answers until the closing status report or a deadline, so a terminal
/// that answers nothing costs at most `deadlineMilliseconds` and the answers
/// never show on screen or arrive as keys.
public enum TerminalProbe {
    /// All the probe may take when nothing answers (150 ms is the budget;
    /// the rest is for writing the probe and restoring the terminal).
    public static let deadlineMilliseconds = 140

    /// The answers, or nil when `input` is not a terminal (nothing asked).
    public static func ask(input: Int32 = 0, output: Int32 = 1, deadlineMilliseconds: Int = deadlineMilliseconds) -> ProbeReplies? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }

        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(deadlineMilliseconds) * 1_000_000
        // First who it is; the OSC 66 probe only to a terminal that may draw it
        // (one that does not would show or log its text).
        let identity = exchange(GlyphDetection.identify, input: input, output: output, deadline: deadline)
        var replies = identity
        if identity.isComplete, identity.drawsSixel {
            let graphics = exchange(GlyphDetection.sixelGraphics, input: input, output: output, deadline: deadline)
            replies.colorRegisters = graphics.colorRegisters
            replies.sixelGeometry = graphics.sixelGeometry
        }
        if identity.isComplete, GlyphDetection.asksAboutScaling(version: identity.version) {
            let scaling = exchange(GlyphDetection.probe, input: input, output: output, deadline: deadline)
            replies.cursorColumns = scaling.cursorColumns
            replies.isComplete = scaling.isComplete
            send(GlyphDetection.cleanup, to: output)
        }
        return replies
    }

    /// Writes `question` and reads the answers until the closing status
    /// report or `deadline` (nanoseconds of the uptime clock).
    private static func exchange(_ question: String, input: Int32, output: Int32, deadline: UInt64) -> ProbeReplies {
        send(question, to: output)
        var bytes: [UInt8] = []
        var replies = ProbeReplies()
        var buffer = [UInt8](repeating: 0, count: 256)
        while !replies.isComplete {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let remaining = Int32((deadline - now + 999_999) / 1_000_000)
            let ready = poll(&descriptor, 1, remaining)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            bytes += buffer[0 ..< count]
            replies = ProbeReplies(parsing: bytes)
        }
        return replies
    }

    /// The cell size the tty reports in its `TIOCGWINSZ` pixel fields
    /// (xterm fills them; many terminals leave them 0), or nil.
    public static func windowCell(of descriptor: Int32 = 1) -> CellPixelSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return CellPixelSize(
            windowPixels: (Int(window.ws_xpixel), Int(window.ws_ypixel)), cells: Size(width: Int(window.ws_col), height: Int(window.ws_row))
        )
    }

    /// The tty's size in cells, or nil.
    public static func windowCells(of descriptor: Int32 = 1) -> Size? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    private static func send(_ text: String, to output: Int32) {
        WholeFrameWriter.writeAll(Array(text.utf8)[...], to: output)
    }
}
