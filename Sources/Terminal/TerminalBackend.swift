import Canvas

/// What a terminal must do to show frames: the seam between the screen
/// painter (which decides what to write) and a real terminal (ncurses) or a
/// recording one (`TestBackend`).
///
/// Cells go through `put` and reach the screen on `flush`; `writeRaw` sends
/// bytes the cell grid cannot express (DEC line attributes, OSC 66 runs)
/// straight to the terminal, in order with what was flushed before it.
public protocol TerminalBackend: AnyObject {
    var size: Size { get }
    /// Forgets the screen's content: the next flush draws every cell.
    func clear()
    /// Forgets rows the terminal changed behind the backend's back (a line
    /// attribute, a scaled run): the next flush redraws them whole.
    func invalidateRows(_ rows: Range<Int>)
    /// Writes one cell (not a continuation) at (x, y), to show on `flush`.
    func put(_ cell: Cell, x: Int, y: Int)
    /// Where the cursor should be after a flush, and whether it shows there
    /// (nil: nowhere in particular, hidden).
    func setCursor(_ position: (x: Int, y: Int)?, visible: Bool)
    /// Shows what was put since the last flush.
    func flush()
    /// Writes bytes to the terminal now, leaving the cursor where the
    /// backend believes it is.
    func writeRaw(_ bytes: String)
}
