/// What row heights depend on besides the row itself: the width and the text size.
///
/// `category` is the content size category's raw value; RowLayout does not
/// need to know what it means, only that heights change with it.
public struct LayoutContext: Sendable, Hashable {
    public var width: Int
    public var category: Int

    public init(width: Int, category: Int) {
        self.width = width
        self.category = category
    }
}
