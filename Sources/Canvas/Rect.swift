/// A rectangle of cells of a frame: where a widget draws (ratatui's `Rect`).
///
/// A screen splits the frame into areas (the title bar, the list, the
/// scrollbar column) and each part draws inside its own, through
/// `Frame.clipped(to:_:)`, so a row straddling an edge is cut there.
///
///     let list = Rect(x: 0, y: 1, width: 79, height: 22)
///     list.maxY  // 23: the first row below it
public struct Rect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The cells both rectangles cover (empty, at this one's corner, when none).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
