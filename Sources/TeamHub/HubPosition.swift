/// A place in the hub's change feed: every change (a status change, each
/// row an import writes) takes the next number, in the order they commit.
/// A replica that has every change up to a position asks for those after it.
public struct HubPosition: Sendable, Hashable, Comparable, Codable {
    /// The last change's number; 0 before any.
    public let sequence: Int64

    public init(sequence: Int64) {
        self.sequence = sequence
    }

    /// Before any change: what a new replica starts from.
    public static let start = HubPosition(sequence: 0)

    public static func < (left: HubPosition, right: HubPosition) -> Bool {
        left.sequence < right.sequence
    }
}
