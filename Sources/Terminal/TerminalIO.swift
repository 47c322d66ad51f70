import Canvas

/// Everything the program does with its terminal, in one seam: what the
/// capability probe learns before the terminal is taken over, events in
/// (keys, mouse, paste, a resize, signals), frames out, and the escapes the
/// cell grid cannot carry (OSC 52 clipboard, OSC 8 links, DEC double-size
/// lines, OSC 66 runs, bracketed paste), which go through the same
/// `TerminalBackend` as the cells, in order with them.
///
/// `TerminalSession` is the terminal through ncursesw; a headless one
/// (the tests' `HeadlessTerminal`) records what was written and replays
/// scripted events, so the loop is tested without a pty.
public protocol TerminalIO: AnyObject {
    /// The terminal's size now, in cells.
    var size: Size { get }
    /// Rung by other threads (a worker's answer, a signal) to end `nextEvent`'s wait.
    var wakeUp: WakeUpPipe { get }
    /// Whether the terminal went away: nobody reads what is written to it now.
    var hasHungUp: Bool { get }
    /// What the terminal says it can draw, asked before `start` so its
    /// answers never arrive as keys; nil when it cannot be asked.
    func probe() -> ProbeReplies?
    /// Takes the terminal over.
    func start()
    /// Gives the terminal back as it was; callers stop on every path out.
    func stop()
    /// The next event, or nil when none came within `timeoutMilliseconds`
    /// or `wakeUp` was rung.
    func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent?
    /// Whether `nextEvent` has something now, so idle work stops for it.
    func hasPendingInput() -> Bool
    /// Shows a frame, with its hyperlinks, writing only what changed.
    func draw(_ frame: Frame)
    /// Forgets what is on screen so the next frame is drawn whole.
    func invalidate()
    /// After a resize: the terminal's cell size in pixels when images are
    /// drawn and it changed (its font was zoomed), so the screen is laid
    /// out again for it; nil otherwise.
    func takeChangedCellPixels() -> CellPixelSize?
    /// Gives the terminal back until the program is resumed (Ctrl-Z), then takes it again.
    func suspend()
    /// Puts `text`, made safe to paste, on the terminal's clipboard (OSC 52).
    func copyToClipboard(_ text: String)
}
