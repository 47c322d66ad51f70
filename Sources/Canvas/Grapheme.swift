/// One user-perceived character and the terminal columns it takes (0, 1 or 2).
///
/// Measuring is Typesetting's job; the grid only needs the answer.
public struct Grapheme: Sendable, Hashable {
    public var text: String
    public var columns: Int

    public init(_ text: String, columns: Int) {
        self.text = text
        self.columns = columns
    }
}
