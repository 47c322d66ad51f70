import Canvas
import CNcursesw
import Foundation
import Screens

/// The live terminal through ncursesw: it starts and stops ncurses and reads
/// keys; frames go through a `ScreenPainter` onto the `NcursesBackend`.
///
/// `start()` takes the terminal over, `draw(_:)` shows a frame, `nextKey`
/// waits for input, and `stop()` gives the terminal back; callers stop on
/// every path out (`defer`). Signals only leave a message the loop reads
/// (`TerminalSignals`): a terminating one stops the loop with the terminal
/// restored (`terminatingSignal` gives the exit status), Ctrl-Z and SIGTSTP
/// suspend with the terminal given back, and `fg` repaints the whole screen.
public final class TerminalSession {
    private let painter = ScreenPainter(backend: NcursesBackend())
    private var isActive = false
    private let signals = TerminalSignals()
    private var usesColor = false

    public init() {}

    /// True when stdin and stdout are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    public var size: TerminalSize { painter.backend.size }

    /// A termination signal arrived, or the terminal went away: the loop should stop.
    public var shouldStop: Bool { signals.termination != nil || inputClosed }

    /// The signal that stopped the loop, if one did: exit with 128 + it.
    public var terminatingSignal: Int32? { signals.termination }

    /// Set when the terminal hung up without a SIGHUP reaching us (its pty
    /// closed): reads then fail at once, and a loop that took that for
    /// "no key yet" would spin forever.
    private var inputClosed = false

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
        initscr()
        raw()  // Ctrl-C arrives as a key, so quitting restores the terminal
        noecho()
        nonl()
        keypad(ide_stdscr(), true)
        set_escdelay(25)
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
        painter.encoder = AnsiEncoder(colorCount: has_colors() ? Int(ide_colors()) : 0)
        isActive = true
    }

    public func stop() {
        guard isActive else { return }
        isActive = false
        // A terminal without an alternate screen would keep doubled lines.
        painter.resetLines()
        curs_set(1)
        endwin()
        signals.restoreDefaults()
    }

    // MARK: - Drawing

    /// Shows a frame, writing only the cells that changed since the last
    /// one; then the hyperlinks ncurses cannot write (OSC 8) over their cells.
    public func draw(_ frame: Frame) {
        painter.draw(frame)
        if TerminalEscapes.hyperlinksEnabled { TerminalEscapes.overlayLinks(frame) }
    }

    /// Forgets what is on screen so the next frame is drawn whole.
    public func invalidate() { painter.invalidate() }

    // MARK: - Input

    /// The next key, or nil when none came within `timeoutMilliseconds`.
    /// After a suspension it is a `.resize` to the current size, so the
    /// whole screen is laid out and drawn again.
    public func nextKey(timeoutMilliseconds: Int32) -> Key? {
        if let resumed = handleJobControl() { return resumed }
        wtimeout(ide_stdscr(), timeoutMilliseconds)
        var character: wint_t = 0
        let result = wget_wch(ide_stdscr(), &character)
        switch result {
        case KEY_CODE_YES: return functionKey(Int32(character))
        case OK where character == 26:  // Ctrl-Z: raw mode delivers it as a key
            suspend()
            return repaintWhole()
        case OK: return KeyDecoder.character(UInt32(character))
        default:
            if Self.inputHasHungUp() { inputClosed = true }
            return nil
        }
    }

    /// Acts on SIGTSTP (suspend) and SIGCONT (repaint) that arrived since the last key.
    private func handleJobControl() -> Key? {
        let pending = signals.takePending()
        guard !pending.isEmpty else { return nil }
        if pending.contains(SIGTSTP) { suspend() }
        return repaintWhole()
    }

    /// Gives the terminal back and stops until `fg`; SIGSTOP cannot be caught, so this is where we resume.
    private func suspend() {
        guard isActive else { return }
        endwin()
        kill(getpid(), SIGSTOP)
        _ = signals.takePending()  // the SIGCONT of this resumption
    }

    /// Takes the terminal again and redraws everything, however it was left.
    private func repaintWhole() -> Key {
        clearok(ide_curscr(), true)
        refresh()
        invalidate()
        return .resize(width: Int(ide_cols()), height: Int(ide_lines()))
    }

    private static func inputHasHungUp() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return true }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func functionKey(_ code: Int32) -> Key? {
        if code == KEY_RESIZE {
            invalidate()
            return .resize(width: Int(ide_cols()), height: Int(ide_lines()))
        }
        if code == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & ide_wheel_up() != 0 { return .wheel(-3) }
            if ide_wheel_down() != 0, event.bstate & ide_wheel_down() != 0 { return .wheel(3) }
            if event.bstate & ide_button1_clicked() != 0 { return .click(x: Int(event.x), y: Int(event.y)) }
            return nil
        }
        return KeyDecoder.functionKey(code)
    }
}
