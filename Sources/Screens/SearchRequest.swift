import Model

/// A search to read from the store (`Command.search`), and where the
/// selection goes in its rows when they come back (`Message.searched`).
public struct SearchRequest: Sendable, Hashable {
    /// Words to find (empty: every delivery).
    public var query: String
    public var status: StatusFilter
    public var sort: DeliveryOrder
    /// Only the deliveries late at this time of day (the late view, `L`); nil: late or not.
    public var lateAt: TimeOfDay?
    public var selection: Selection

    /// Where the selection goes in the new rows.
    public enum Selection: Sendable, Hashable {
        /// The first row: the user typed a new search.
        case firstRow
        /// The same index: the same search read again because the store
        /// changed, so a row that left the list is replaced by the next one.
        case sameIndex
        /// This delivery, when it is still listed, else the listed one
        /// nearest to where it was: a new filter or sort keeps the user's place.
        case delivery(id: String)
    }

    public init(
        query: String, status: StatusFilter, sort: DeliveryOrder = .manifest, lateAt: TimeOfDay? = nil, selection: Selection = .firstRow
    ) {
        self.query = query
        self.status = status
        self.sort = sort
        self.lateAt = lateAt
        self.selection = selection
    }

    /// True when `other` asks for the same rows (wherever its selection goes).
    func findsSameRows(as other: SearchRequest) -> Bool {
        query == other.query && status == other.status && sort == other.sort && lateAt == other.lateAt
    }
}
