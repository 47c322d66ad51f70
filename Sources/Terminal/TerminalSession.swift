import Canvas
import CNcursesw
import Foundation
import Input

/// The live terminal through ncursesw (a `TerminalIO`): it starts and stops
/// ncurses and reads events; frames go through a `ScreenPainter` onto the
/// `NcursesBackend`, and so do the escapes ncurses knows nothing of.
///
/// `start()` takes the terminal over, `draw(_:)` shows a frame, `nextEvent`
/// waits for input, and `stop()` gives the terminal back; callers stop on
/// every path out (`defer`). Signals only leave a note (`TerminalSignals`)
/// that `nextEvent` reports as an event: the loop decides what to do, with
/// the terminal in a known state. `suspend()` gives the terminal back until
/// `fg`, and a stop from outside (SIGSTOP, then SIGCONT) comes back as a
/// `.resized` with the whole screen to draw again.
public final class TerminalSession: TerminalIO {
    private let painter = ScreenPainter(backend: NcursesBackend())
    private let frames = WholeFrameWriter()
    private var isActive = false
    /// Ends `nextEvent`'s wait from another thread: a worker's answer, a signal.
    public let wakeUp = WakeUpPipe()
    private let signals: TerminalSignals
    private var usesColor = false
    /// How the terminal shows images (`--glyphs pixels`); set before `start`.
    public var graphics: PixelGraphics?
    /// The terminal knows synchronized output (mode 2026, `ProbeReplies`): each frame is marked as one.
    public var synchronizesOutput: Bool {
        get { frames.synchronizes }
        set { frames.synchronizes = newValue }
    }
    /// The terminal keeps glyph ink drawn in its border (`BorderInk`).
    public var keepsInkInBorder: Bool {
        get { painter.keepsInkInBorder }
        set { painter.keepsInkInBorder = newValue }
    }

    public init() {
        signals = TerminalSignals(wakeUp: wakeUp)
    }

    /// True when stdin and stdout are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    public var size: Size { painter.backend.size }

    /// Asks the terminal what it can draw (`TerminalProbe`), on the raw
    /// terminal: only before `start`, so that ncurses never reads the answers.
    public func probe() -> ProbeReplies? {
        isActive ? nil : TerminalProbe.ask()
    }

    /// Set when the terminal hung up without a SIGHUP reaching us (its pty
    /// closed): reads then fail at once, and a loop that took that for
    /// "no key yet" would spin forever.
    private var inputClosed = false

    /// Whether the terminal went away (its pty closed): nobody reads what is written to it now.
    public var hasHungUp: Bool { inputClosed }

    public func start() {
        signals.install()
        // ncurses learns of a resize from SIGWINCH; a parent that started us
        // with it blocked (a Dispatch worker thread blocks everything) would
        // leave the screen stale after every resize.
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, nil)
        TerminalRequirements.useUTF8Locale()
        // The size is the terminal's own (TIOCGWINSZ), also on every resize:
        // COLUMNS and LINES inherited from another window would otherwise
        // win and garble every frame. They count only when the tty cannot say.
        use_tioctl(true)
        initscr()
        raw()  // Ctrl-C arrives as a key, so quitting restores the terminal
        noecho()
        nonl()
        keypad(ide_stdscr(), true)
        KeySequences.define()
        // How long a lone Esc waits for the rest of an escape sequence. A
        // terminal writes a sequence at once (and an SSH packet carries it
        // whole), so 10 ms is enough, as in tmux 3.5's escape-time; a user on
        // a link that splits them sets ESCDELAY, which ncurses read at
        // initscr and we then leave alone.
        if ProcessInfo.processInfo.environment["ESCDELAY"] == nil {
            set_escdelay(10)
        }
        restOfInputMilliseconds = get_escdelay()
        curs_set(0)
        mousemask(ide_button_and_wheel_events(), nil)
        mouseinterval(0)
        usesColor = has_colors() && TerminalRequirements.wantsColor()
        painter.backend.usesColor = usesColor
        if usesColor {
            start_color()
            use_default_colors()
            let palette = ColorPalette(colorCount: Int(ide_colors()))
            for role in ColorPalette.roles {
                init_pair(ColorPalette.pair(for: role), palette.foreground(role), -1)
            }
        }
        painter.encoder = AnsiEncoder(colorCount: has_colors() ? Int(ide_colors()) : 0, graphics: graphics)
        isActive = true
        painter.takeOver()
    }

    public func stop() {
        guard isActive else { return }
        isActive = false
        // A terminal without an alternate screen would keep doubled lines.
        painter.giveBack()
        curs_set(1)
        endwin()
        // Without an alternate screen (the Linux console, vt100) the last
        // frame stays, the cursor on its last line: the shell's prompt would
        // overwrite the status bar, so it gets a line of its own below.
        if ide_has_string_capability("smcup") == 0 { try? FileHandle.standardOutput.write(contentsOf: Data("\r\n".utf8)) }
        signals.restoreDefaults()
    }

    // MARK: - Drawing

    /// Shows a frame, writing only the cells that changed since the last
    /// one; then the hyperlinks ncurses cannot write (OSC 8) over their cells.
    /// The terminal gets all of it in one write (`WholeFrameWriter`).
    public func draw(_ frame: Frame) {
        frames.frame { painter.draw(frame, hyperlinks: TerminalEscapes.hyperlinksEnabled) }
    }

    public func copyToClipboard(_ text: String) {
        painter.backend.writeRaw(TerminalEscapes.clipboard(text))
    }

    /// Forgets what is on screen so the next frame is drawn whole.
    public func invalidate() { painter.invalidate() }

    /// The cell size in pixels the tty reports now, when images are drawn
    /// and it changed (the terminal's font was zoomed): images are then
    /// sized for it, and the caller lays the screen out again.
    public func takeChangedCellPixels() -> CellPixelSize? {
        guard var graphics, let cell = TerminalProbe.windowCell(), cell != graphics.cell else { return nil }
        graphics.cell = cell
        self.graphics = graphics
        painter.encoder.graphics = graphics
        painter.invalidate()
        return cell
    }

    // MARK: - Input

    /// The next event, or nil when none came within `timeoutMilliseconds`
    /// or `wakeUp` was rung: the terminal and the wake-up pipe are waited
    /// for together (poll(2)), so the caller looks at once at what woke it.
    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent? {
        if let signal = signals.termination { return .terminated(signal: signal) }
        if inputClosed { return .hungUp }
        let pending = signals.takePending()
        if pending.contains(SIGTSTP) { return .suspendRequested }
        if !pending.isEmpty {
            // SIGCONT alone: someone stopped us (SIGSTOP) and let us go on. The
            // shell had the terminal meanwhile and left it cooked and echoing:
            // give it back formally, then take it again whole, modes included.
            endwin()
            return .resized(repaintWhole())
        }
        // What needs no wait first: bytes ncurses has read but not handed
        // out (the rest of a paste), and a resize (ncurses' SIGWINCH flag).
        if let event = readEvent(timeoutMilliseconds: 0) { return event }
        var descriptors = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if ready > 0, descriptors[1].revents != 0 { wakeUp.drain() }
        let inputWaits = ready > 0 && descriptors[0].revents != 0
        // Input: what ncurses makes of it, given a moment for the rest of a
        // character or escape sequence split across writes. Else, however
        // the wait ended, a resize: ncurses' SIGWINCH handler may have run on
        // another thread, leaving this wait to run out.
        return readEvent(timeoutMilliseconds: inputWaits ? max(timeoutMilliseconds, restOfInputMilliseconds) : 0)
    }

    /// How long a character or key sequence begun may take to arrive whole:
    /// as long as ncurses waits after an Esc for the rest of a sequence.
    private var restOfInputMilliseconds: Int32 = 10

    /// One key from ncurses, waiting up to `timeoutMilliseconds`; nil when none came.
    private func readEvent(timeoutMilliseconds: Int32) -> TerminalEvent? {
        wtimeout(ide_stdscr(), timeoutMilliseconds)
        var character: wint_t = 0
        let result = wget_wch(ide_stdscr(), &character)
        switch result {
        case KEY_CODE_YES where Int32(character) == KeySequences.pasteStart: return .key(.paste(readPaste()))
        case KEY_CODE_YES: return functionKey(Int32(character))
        case OK: return KeyDecoder.character(UInt32(character)).map(TerminalEvent.key)
        default:
            if Self.inputHasHungUp() {
                inputClosed = true
                return .hungUp
            }
            return nil
        }
    }

    /// The most of a paste kept: a search field needs no more, and a huge
    /// paste must not grow the state without bound (the rest is read and dropped).
    static let longestPaste = 4096

    /// The text of a bracketed paste, read up to its end marker. A terminal
    /// writes a paste at once; should the end never come, a pause ends it.
    private func readPaste() -> String {
        var text = String.UnicodeScalarView()
        var kept = 0
        while true {
            wtimeout(ide_stdscr(), 1000)
            var character: wint_t = 0
            let result = wget_wch(ide_stdscr(), &character)
            if result == KEY_CODE_YES {
                if Int32(character) == KeySequences.pasteEnd { break }
                continue  // a key sequence inside the paste is text nobody typed as a key
            }
            guard result == OK else { break }
            // Raw mode hands a newline over as CR.
            guard kept < Self.longestPaste, let scalar = Unicode.Scalar(character == 13 ? 10 : UInt32(character)) else { continue }
            text.append(scalar)
            kept += 1
        }
        return String(text)
    }

    /// Whether something waits for `nextEvent` now: typed bytes not yet read,
    /// a signal, closed input, or a resize. Idle work asks between slices,
    /// so that a key never waits for more than one slice of it.
    public func hasPendingInput() -> Bool {
        if inputClosed || signals.hasArrived { return true }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) != 0 { return true }
        // ncurses learns of a resize only when asked for a key.
        var window = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &window) == 0 && Size(width: Int(window.ws_col), height: Int(window.ws_row)) != size
    }

    /// Gives the terminal back and stops until `fg`, then takes it again:
    /// the next frame is drawn whole. SIGSTOP cannot be caught, so this is where we resume.
    public func suspend() {
        guard isActive else { return }
        painter.backend.writeRaw(TerminalEscapes.bracketedPaste(false))
        endwin()
        kill(getpid(), SIGSTOP)
        _ = signals.takePending()  // the SIGCONT of this resumption
        _ = repaintWhole()
    }

    /// Takes the terminal again and forgets what is on it, however it was left.
    private func repaintWhole() -> Size {
        clearok(ide_curscr(), true)
        refresh()
        // The shell may have turned it off (readline does, after each line).
        painter.backend.writeRaw(TerminalEscapes.bracketedPaste(true))
        invalidate()
        return size
    }

    private static func inputHasHungUp() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        // A signal (a resize) landing in the poll is no hang-up.
        repeat { ready = poll(&descriptor, 1, 0) } while ready < 0 && errno == EINTR
        guard ready >= 0 else { return true }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func functionKey(_ code: Int32) -> TerminalEvent? {
        if code == KEY_RESIZE {
            // A resize ncurses noticed while a frame was being gathered (its
            // output not the terminal, `WholeFrameWriter`) kept the old size.
            if let cells = TerminalProbe.windowCells(), cells != size { resizeterm(Int32(cells.height), Int32(cells.width)) }
            invalidate()
            return .resized(size)
        }
        if code == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & ide_wheel_up() != 0 { return .key(.wheel(-3)) }
            if ide_wheel_down() != 0, event.bstate & ide_wheel_down() != 0 { return .key(.wheel(3)) }
            if event.bstate & ide_button1_clicked() != 0 { return .key(.click(x: Int(event.x), y: Int(event.y))) }
            return nil
        }
        return KeyDecoder.functionKey(code).map(TerminalEvent.key)
    }
}
