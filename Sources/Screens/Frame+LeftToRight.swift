import Canvas
import Typesetting

extension Frame {
    /// Starts each row that holds right-to-left text with a left-to-right
    /// mark, for a terminal that orders such text itself: the screen's rows
    /// are laid out left to right, and a terminal that takes a line's
    /// direction from its first strong character (mlterm) would otherwise
    /// mirror the whole row, badge and all.
    mutating func markRowsLeftToRight() {
        for y in 0 ..< height where width > 0 {
            let holdsRightToLeft = (0 ..< width).contains { x in
                self[x, y].grapheme.unicodeScalars.contains(where: RightToLeftOrdering.isRightToLeft)
            }
            if holdsRightToLeft { self[0, y].grapheme += RightToLeftOrdering.leftToRightMark }
        }
    }
}
