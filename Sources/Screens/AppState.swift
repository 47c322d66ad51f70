import Model
import RowLayout
import Typesetting

/// Everything the screens show, as one value: `handle(_:)` turns a key into
/// the next state, and `render()` turns a state into a frame.
///
/// No screen keeps a copy of a font or a height of its own: a text-size change
/// is a new `category`, and every row, label and title is typeset from it on
/// the next render. That is what makes the two iOS bugs (static text vanishing,
/// a centred title losing its centring) impossible here.
public struct AppState: Sendable {
    public private(set) var source: any DeliverySource
    public internal(set) var size: TerminalSize
    public internal(set) var category: ContentSizeCategory
    public let typesetter: Typesetter
    public let strategy: RowHeightStrategy
    public internal(set) var route: Route = .deliveries
    /// The highlighted row of the Deliveries screen.
    public internal(set) var selected: Int = 0
    public internal(set) var isShowingHelp = false
    /// Lines the help is scrolled by, when it does not fit.
    public internal(set) var helpScroll = 0
    /// A count typed before a motion (`5` of `5j`), until a key uses it.
    public internal(set) var count: Int?
    public internal(set) var search = SearchField()
    /// A one-line message for the status bar (a saved change, an error).
    /// It stays until the next key, or until the runtime's timer sends
    /// `.noticeExpired(noticeSerial)`.
    public internal(set) var notice: String? {
        didSet { if notice != nil { noticeSerial += 1 } }
    }
    /// Counts the notices shown, so a timer for an old one cannot clear a newer one.
    public private(set) var noticeSerial = 0
    /// Deliveries per status in the current search, for the title bar; the
    /// runtime counts them (with SQL for a store) and sets them.
    public internal(set) var overview: StatusCounts?
    /// The time of day deliveries are late against; nil: nothing is marked late.
    /// Set by the runtime from its clock or `--now`, never read from a clock here.
    public internal(set) var now: TimeOfDay?
    var layout: ListLayout

    public init(
        source: any DeliverySource, size: TerminalSize, category: ContentSizeCategory = .large,
        typesetter: Typesetter = Typesetter(), strategy: RowHeightStrategy = .estimated
    ) {
        self.source = source
        self.size = size
        self.category = category
        self.typesetter = typesetter
        self.strategy = strategy
        layout = ListLayout(
            rowCount: source.count, strategy: strategy.effective(forRowCount: source.count),
            context: Self.listContext(size: size, category: category),
            viewportHeight: Self.listHeight(size: size),
            measurer: DeliveryRowMeasurer(source: source, typesetter: typesetter)
        )
    }

    // MARK: - Geometry

    /// Line 0 is the title bar and the last line the status bar; the list is between.
    static func listHeight(size: TerminalSize) -> Int { max(1, size.height - 2) }

    /// Rows are as wide as the screen less the scrollbar column.
    static func listContext(size: TerminalSize, category: ContentSizeCategory) -> LayoutContext {
        LayoutContext(width: max(1, size.width - 1), category: category.rawValue)
    }

    var measurer: DeliveryRowMeasurer { DeliveryRowMeasurer(source: source, typesetter: typesetter) }

    /// The delivery the selection is on, if any.
    public var selectedDelivery: Delivery? {
        selected < source.count ? source.delivery(at: selected) : nil
    }

    // MARK: - Changes the runtime makes

    /// Gives the screens a new source (after a search, or a saved status
    /// change): the selection moves to `row` (default: stays at its index, so
    /// a row that left a filtered list is replaced by the next one) and keeps
    /// its screen line.
    public mutating func replaceSource(_ newSource: any DeliverySource, selecting row: Int? = nil) {
        let screenLine = layout.offset(ofRow: selected) - layout.contentOffset
        source = newSource
        layout = ListLayout(
            rowCount: newSource.count, strategy: strategy.effective(forRowCount: newSource.count),
            context: Self.listContext(size: size, category: category),
            viewportHeight: Self.listHeight(size: size), measurer: measurer
        )
        selected = min(max(0, row ?? selected), max(0, newSource.count - 1))
        // Put the selected row back on the screen line it was on.
        layout.scroll(by: layout.offset(ofRow: selected) - max(0, screenLine))
        layout.reveal(row: selected)
    }

    public mutating func setNotice(_ text: String?) { notice = text }

    /// The per-status counts the title bar shows.
    public mutating func setOverview(_ counts: StatusCounts?) { overview = counts }

    /// The time of day for late marks (the runtime's clock message, or `--now`).
    public mutating func setTime(_ time: TimeOfDay?) { now = time }

    /// Shows a saved change to a delivery on the open Shipment screen.
    public mutating func refreshShipment(_ delivery: Delivery) {
        if case .shipment(let shown, let scroll) = route, shown.id == delivery.id {
            route = .shipment(delivery, scroll: scroll)
        }
    }

    /// Sets the text size (the `--text-size` flag and the `+`/`-` keys).
    public mutating func setCategory(_ newCategory: ContentSizeCategory) {
        guard newCategory != category else { return }
        category = newCategory
        // The selected row keeps its screen line when it is on screen, else the top row does.
        layout.setContext(Self.listContext(size: size, category: category), keepingRow: selectedRowIfOnScreen)
        layout.reveal(row: selected)
    }

    /// Positions the list as `render --top ROW --select ROW` asks.
    public mutating func place(top: Int?, select: Int?) {
        if let select { selected = min(max(0, select), max(0, source.count - 1)) }
        if let top {
            layout.scroll(to: ScrollAnchor(row: min(max(0, top), max(0, source.count - 1)), linesIntoRow: 0))
        } else {
            layout.reveal(row: selected)
        }
    }

    /// Shows a search and status filter as already applied (for `render`).
    public mutating func showSearch(_ query: String, status: StatusFilter) {
        search.query = query
        search.status = status
    }

    /// Opens the Shipment screen for the selected delivery.
    public mutating func openShipment() {
        guard let delivery = selectedDelivery else { return }
        route = .shipment(delivery, scroll: 0)
    }

    /// The selection, when any of it is on screen.
    var selectedRowIfOnScreen: Int? {
        layout.screenLine(ofRow: selected) == nil ? nil : selected
    }
}

extension AppState {
    /// Idle work between keys: the row-height engine measures a bounded
    /// chunk of rows. Returns whether anything on screen may have changed.
    @discardableResult
    public mutating func refine() -> Bool {
        guard route == .deliveries, strategy == .estimated, !layout.isFullyMeasured else { return false }
        return layout.refine(budget: 256, trackHeight: Self.listHeight(size: size))
    }
}
