/// A row on screen: its index, the viewport line its top is on (negative when
/// it straddles the top edge) and its height.
public struct VisibleRow: Sendable, Hashable {
    public var row: Int
    public var y: Int
    public var height: Int

    public init(row: Int, y: Int, height: Int) {
        self.row = row
        self.y = y
        self.height = height
    }
}
