/// Text the terminal draws itself at a bigger (or smaller) size with kitty's
/// OSC 66: it starts at (`x`, `y`) and covers `columns` cells of `scale.scale`
/// rows. The frame keeps a plain fallback in those cells (for `render` and
/// terminals without the protocol); a terminal back end must not let its
/// own cell updates reach the covered cells once the run is drawn. The run
/// is drawn in the style of its top-left cell, so restyling the cells (a
/// selection) restyles the run.
public struct ScaledRun: Sendable, Hashable {
    public var x: Int
    public var y: Int
    /// Cells across the top row the run covers: native columns × scale.
    public var columns: Int
    public var graphemes: [Grapheme]
    public var scale: TextScale

    public init(x: Int, y: Int, columns: Int, graphemes: [Grapheme], scale: TextScale) {
        self.x = x
        self.y = y
        self.columns = columns
        self.graphemes = graphemes
        self.scale = scale
    }

    public var rows: Int { scale.scale }

    public func covers(x cx: Int, y cy: Int) -> Bool {
        cx >= x && cx < x + columns && cy >= y && cy < y + rows
    }

    func intersects(x rx: Int, y ry: Int, width: Int, height: Int) -> Bool {
        x < rx + width && rx < x + columns && y < ry + height && ry < y + rows
    }
}
