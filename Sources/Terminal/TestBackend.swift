import Canvas

/// A terminal that records instead of showing: the cells on its screen with
/// their styles, every cell written and every raw byte sent, for tests of
/// what the painter writes (like ratatui's `TestBackend`).
public final class TestBackend: TerminalBackend {
    public private(set) var size: Size
    /// The screen as the cell grid sees it (raw writes not applied).
    public private(set) var screen: Frame
    /// Cells put since `resetLog()`, in order.
    public private(set) var written: [(x: Int, y: Int, cell: Cell)] = []
    /// Raw bytes sent since `resetLog()`, each write separately.
    public private(set) var raw: [String] = []
    public private(set) var invalidated: [Range<Int>] = []
    public private(set) var cursor: (x: Int, y: Int)?
    public private(set) var cursorIsVisible = false
    public private(set) var flushes = 0
    public private(set) var clears = 0

    public init(size: Size) {
        self.size = size
        screen = Frame(size: size)
    }

    /// The terminal changed size: its screen is blank at the new one.
    public func resize(to size: Size) {
        self.size = size
        screen = Frame(size: size)
    }

    public func clear() {
        clears += 1
        screen = Frame(size: size)
    }

    public func invalidateRows(_ rows: Range<Int>) { invalidated.append(rows) }

    public func put(_ cell: Cell, x: Int, y: Int) {
        written.append((x, y, cell))
        screen[x, y] = cell
    }

    public func setCursor(_ position: (x: Int, y: Int)?, visible: Bool) {
        cursor = position
        cursorIsVisible = visible
    }

    public func flush() { flushes += 1 }

    public func writeRaw(_ bytes: String) { raw.append(bytes) }

    /// Forgets what was written (not the screen), to look at the next frame alone.
    public func resetLog() {
        written = []
        raw = []
        invalidated = []
    }
}
