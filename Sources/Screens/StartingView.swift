import Model

/// Where a state starts, for `idelivermobile render` (its --top, --select,
/// --search, --status and --screen): Elm's flags, applied once by
/// `AppState.init`, so that a printed screen needs no keys to reach.
public struct StartingView: Sendable, Hashable {
    /// The row at the top of the list (nil: the selection is scrolled into view).
    public var top: Int?
    public var selected: Int?
    /// The search the rows are the result of, shown in the title and highlighted.
    public var query: String
    public var status: StatusFilter
    /// Open the Shipment screen for the selected delivery.
    public var opensShipment: Bool
    /// A note for the status bar on the first frame (browse: what was done
    /// to the store before it, such as importing the sample on a first run).
    public var notice: String?

    public init(
        top: Int? = nil, selected: Int? = nil, query: String = "", status: StatusFilter = .all, opensShipment: Bool = false,
        notice: String? = nil
    ) {
        self.top = top
        self.selected = selected
        self.query = query
        self.status = status
        self.opensShipment = opensShipment
        self.notice = notice
    }
}
