/// What keeps the view still: the row at the top of the viewport and how
/// many of its lines are scrolled off above.
public struct ScrollAnchor: Sendable, Hashable {
    public var row: Int
    public var linesIntoRow: Int

    public init(row: Int, linesIntoRow: Int) {
        self.row = row
        self.linesIntoRow = linesIntoRow
    }

    public static let top = ScrollAnchor(row: 0, linesIntoRow: 0)
}
