/// A `PixelLine` placed on the frame: the cells from (`x`, `y`) that show
/// the part `visible` of its image (in the image's own cells: a line cut
/// by the top or bottom of a list shows only its rows inside).
///
/// The frame keeps a plain fallback in those cells (for `render` and tests);
/// a terminal back end sends the image over them and lets no cell update of
/// its own reach them while the image stays. The image is drawn in the colours of the top-left
/// cell's style, reverse video too (a status badge's symbol is cut out of
/// its tile); the selection does not reverse the cells of images (see
/// `DeliveryRowContent.draw`), so moving it sends no image again.
public struct PixelRun: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var line: PixelLine
    public var visible: Rect

    public init(x: Int, y: Int, line: PixelLine, visible: Rect) {
        self.x = x
        self.y = y
        self.line = line
        self.visible = visible
    }

    public var columns: Int { visible.width }
    public var rows: Int { visible.height }

    public func covers(x cx: Int, y cy: Int) -> Bool {
        cx >= x && cx < x + columns && cy >= y && cy < y + rows
    }

    func intersects(x rx: Int, y ry: Int, width: Int, height: Int) -> Bool {
        x < rx + width && rx < x + columns && y < ry + height && ry < y + rows
    }
}
