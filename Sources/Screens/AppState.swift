import Canvas
import Model
import RowLayout
import Typesetting

/// Everything the screens show, as one value: `update(_:)` turns a message
/// into the next state (and the commands for the runtime), and `render()`
/// turns a state into a frame.
///
/// Nothing else changes a state: the properties can be read anywhere but
/// set only inside this module, by `update` and the key handling it calls.
///
/// No screen keeps a copy of a font or a height of its own: a text-size change
/// is a new `category`, and every row, label and title is typeset from it on
/// the next render. That is what makes the two iOS bugs (static text vanishing,
/// a centred title losing its centring) impossible here.
public struct AppState: Sendable {
    public internal(set) var source: any DeliverySource
    public internal(set) var size: Size
    public internal(set) var category: ContentSizeCategory
    public internal(set) var typesetter: Typesetter
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
    /// It stays until the next key, or until `.noticeExpired(noticeSerial)`.
    public internal(set) var notice: String? {
        didSet { if notice != nil { noticeSerial += 1 } }
    }
    /// Counts the notices shown, so a timer for an old one cannot clear a newer one.
    public private(set) var noticeSerial = 0
    /// The serial of a notice keys do not clear until its timer has run
    /// (a saved or undone status change): a key typed by mistake right after
    /// it, or the rest of a paste, cannot take it away before it is read.
    var keyProofNotice: Int?
    /// What a team store's sync engine says while its hub is away or changes
    /// wait to be sent ("Offline: 2 changes saved here, waiting to send"):
    /// unlike `notice`, no key and no timer takes it away, only the next
    /// report (`SyncReport.standingLine`), so that someone who goes on
    /// working offline keeps seeing it.
    public internal(set) var connectionNotice: String?
    /// The team store's last report (`Message.synced`); nil for a store of one's own.
    public internal(set) var sync: SyncReport?
    /// Refused changes looked at here (`r`, `x`) that a report made before
    /// the store heard of it may still list.
    var conflictsLookedAt: Set<String> = []
    /// The notice of the change being sent, whose words follow the link until the hub has it.
    var noticeWhenSent: SentChangeNotice?
    /// The delivery a change's notice speaks of, checked against the store whenever it changes.
    var noticeSubject: NoticeSubject?
    /// `noticeSubject` while its notice is the one shown.
    var shownNoticeSubject: NoticeSubject? {
        guard let subject = noticeSubject, notice != nil, subject.serial == noticeSerial else { return nil }
        return subject
    }
    /// The status bar's message: a refused change until it is looked at, the
    /// link's state while it is away, then the latest notice.
    var statusMessage: String? {
        let standing = [shownConflict?.sentence, connectionNotice].compactMap { $0 }
        guard !standing.isEmpty else { return notice }
        return (standing + [notice].compactMap { $0 }).joined(separator: " · ")
    }
    /// Deliveries per status in the current search, for the title bar
    /// (`Command.countStatuses` counts them).
    public internal(set) var overview: StatusCounts?
    /// The query `overview` counts: the title bar shows the counts only beside that search's rows.
    var overviewQuery: String?
    /// The title bar's counts are behind the search shown: they are counted
    /// again when typing pauses (`.idle`), as four searches cost too much per key.
    var overviewIsStale = false
    /// A search the user asked for is being read: the field shows the query
    /// at once, the status bar says "searching…", and the rows follow as `.searched`.
    public internal(set) var isSearching = false
    /// The rows shown are a large search result still learning which rows it
    /// holds off the loop (`Command.learnRemainingRows`): a key needing a row
    /// past the known ones would wait on the loop for that read.
    public internal(set) var isLearningRows = false
    /// The row End or `nG` asked for while it was past the known ones
    /// (`isLearningRows`): the jump is made when `.rowsLearnt` comes.
    public internal(set) var jumpAwaitingRows: Int?
    /// Keys for the rows typed while `isSearching`, in order: they act on
    /// the list the user asked for when it comes (`.searched`).
    var keysAwaitingList: [KeyAwaitingList] = []
    /// The time of day deliveries are late against; nil: nothing is marked late.
    /// Comes as a `.clock` message, never read from a clock here.
    public internal(set) var now: TimeOfDay?
    /// Moves whenever something the screen shows may have changed: the
    /// runtime draws a frame when it has moved, and only then, so idle work
    /// that changed nothing visible costs no redraw.
    public internal(set) var screenVersion = 0
    var layout: ListLayout
    /// The search whose rows `source` holds (its selection aside).
    var shownRows: SearchRequest
    /// The list without a search, kept while a search's rows are shown.
    var listBeforeSearch: ListBeforeSearch?
    /// The screen line the selected row was on before a run of `+`/`-`:
    /// each size of the run puts the row back on it when it fits there, so
    /// `+` then `-` returns the row to where it was. Any other key ends the run.
    var sizeChangeLine: Int?
    /// Whether the terminal's cursor is shown where it is placed (`--cursor
    /// visible`); it is placed on the selection either way, for screen
    /// magnifiers and braille displays that follow it.
    public let showsCursor: Bool
    /// Which list `layout` lays out: moves whenever the rows are replaced, so
    /// that heights measured for other rows are never taken.
    var listSerial = 0
    /// Every row's height at the sizes a `+` or `-` goes to, measured by a
    /// worker (`Command.prepareSizes`) when the list is measured up front.
    var heightsAhead: [ExactHeights] = []
    /// What `Command.prepareSizes` was last asked for no longer fits (new
    /// rows, a new width): asked again at once when the layout waits for
    /// its full layout, else when typing pauses (`.idle`), as a search's
    /// rows may be replaced again at the next key.
    var sizesAheadAreStale = false

    public init(
        source: any DeliverySource, size: Size, category: ContentSizeCategory = .large,
        typesetter: Typesetter = Typesetter(), strategy: RowHeightStrategy = .estimated, start: StartingView? = nil,
        showsCursor: Bool = false
    ) {
        self.source = source
        self.showsCursor = showsCursor
        self.size = size
        self.category = category
        self.typesetter = typesetter
        self.strategy = strategy
        layout = ListLayout(
            rowCount: source.count, strategy: strategy.effective(forRowCount: source.count),
            context: Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines),
            viewportHeight: Self.listHeight(size: size),
            measurer: DeliveryRowMeasurer(source: source, typesetter: typesetter)
        )
        // Measured here, before the loop; from now on a worker measures every row (`update` never does).
        layout.measuresEveryRowHere = false
        shownRows = SearchRequest(query: start?.query ?? "", status: start?.status ?? .all)
        if let start {
            place(top: start.top, select: start.selected)
            search.query = start.query
            search.status = start.status
            if start.opensShipment { openShipment() }
            notice = start.notice
        }
    }

    /// What the runtime does at start (Bubble Tea's `Init`): count the
    /// title bar's deliveries, and open the fonts and lay out the list at
    /// the text sizes next to this one off the loop.
    public func initialCommands() -> [Command] {
        [.countStatuses(query: search.query), .prepareSizes(sizesAhead())]
    }

    // MARK: - Geometry

    /// Where the list's rows and the Shipment screen's content go: between
    /// the title bar (line 0) and the status bar (the last line), less the
    /// scrollbar column on the right. Rows are laid out, wrapped and drawn to this.
    /// `pairs` (lines may be doubled): on a screen of odd width the last
    /// column is left blank, as a doubled line shows the cells in pairs and
    /// cannot reach it; the scrollbar then stands where every row draws it.
    static func contentArea(in size: Size, pairs: Bool) -> Rect {
        let unpaired = pairs && size.width % 2 == 1 ? 1 : 0
        return Rect(x: 0, y: 1, width: max(1, size.width - 1 - unpaired), height: max(1, size.height - 2))
    }

    /// The Shipment screen's content: the list's area less its first line,
    /// which shows the delivery's status and the keys that mark it
    /// (`ShipmentStatusLine`) however far the content is scrolled.
    static func shipmentArea(in size: Size, pairs: Bool) -> Rect {
        let content = contentArea(in: size, pairs: pairs)
        return Rect(x: content.x, y: content.y + 1, width: content.width, height: max(1, content.height - 1))
    }

    /// The scrollbar's column, right of the content.
    static func scrollbarArea(in size: Size, pairs: Bool) -> Rect {
        let content = contentArea(in: size, pairs: pairs)
        return Rect(x: content.maxX, y: content.y, width: 1, height: content.height)
    }

    static func listHeight(size: Size) -> Int { contentArea(in: size, pairs: false).height }

    static func listContext(size: Size, category: ContentSizeCategory, pairs: Bool) -> LayoutContext {
        LayoutContext(width: contentArea(in: size, pairs: pairs).width, category: category.rawValue)
    }

    var measurer: DeliveryRowMeasurer { DeliveryRowMeasurer(source: source, typesetter: typesetter) }

    /// The delivery the selection is on, if any.
    public var selectedDelivery: Delivery? {
        selected < source.count ? source.delivery(at: selected) : nil
    }

    /// The selection, when any of it is on screen.
    var selectedRowIfOnScreen: Int? {
        layout.screenLine(ofRow: selected) == nil ? nil : selected
    }

    // MARK: - Changes update makes

    /// Gives the screens new rows (a search, a saved change): the selection
    /// moves to `row` (default: stays at its index, so a row that left a
    /// filtered list is replaced by the next one) and keeps its screen line.
    /// `laidOut` is the rows' layout when it is known already (`ListBeforeSearch`), at any size.
    /// With `keepsLaidOutScroll`, a layout given stays scrolled as it was
    /// (the list before a search, as the user left it).
    /// `reordered`: `newSource` holds the rows shown, sorted another way;
    /// a list laid out exactly then takes the heights it has, moved with its
    /// rows, rather than waiting for a worker to measure them again.
    mutating func replaceSource(
        _ newSource: any DeliverySource, laidOut: ListLayout? = nil, selecting row: Int? = nil, keepsLaidOutScroll: Bool = false,
        reordered: Bool = false
    ) {
        let screenLine = layout.offset(ofRow: selected) - layout.contentOffset
        var ahead: [ExactHeights] = []
        if reordered, laidOut == nil, let kept = layout.exactHeights, kept.rowCount == newSource.count,
           let from = source.storePlaces, let to = newSource.storePlaces, let moved = kept.reordered(from: from, to: to) {
            ahead = [moved]
        }
        source = newSource
        listSerial += 1
        heightsAhead = []
        sizesAheadAreStale = true
        isLearningRows = false
        jumpAwaitingRows = nil
        if var laidOut {
            laidOut.setViewportHeight(Self.listHeight(size: size))
            laidOut.setContext(Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines))
            layout = laidOut
        } else {
            layout = ListLayout(
                rowCount: newSource.count, strategy: strategy.effective(forRowCount: newSource.count),
                context: Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines),
                viewportHeight: Self.listHeight(size: size), measurer: measurer, measuresEveryRowHere: false, ahead: ahead
            )
        }
        selected = min(max(0, row ?? selected), max(0, newSource.count - 1))
        if !(keepsLaidOutScroll && laidOut != nil) {
            // Put the selected row back on the screen line it was on (from wherever a layout kept was
            // scrolled), by the rows on screen alone: the rest may be estimated until the full layout comes.
            layout.pin(row: selected, atLine: max(0, screenLine))
        }
        layout.reveal(row: selected)
    }

    /// Shows a saved change to a delivery on the open Shipment screen.
    mutating func refreshShipment(_ delivery: Delivery) {
        if case .shipment(let shown, let scroll) = route, shown.id == delivery.id {
            route = .shipment(delivery, scroll: scroll)
        }
    }

    /// Sets the text size (the `+`/`-` keys). The selected row's top stays
    /// on screen line `line` (default: the line it is on) whenever the row
    /// fits below it; else it goes up just enough to be seen whole, and as
    /// far as the list's ends allow.
    mutating func setCategory(_ newCategory: ContentSizeCategory, keepingLine line: Int? = nil) {
        guard newCategory != category else { return }
        category = newCategory
        // The selected row keeps its screen line when it is on screen, else the top row does.
        layout.setContext(
            Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines), keepingRow: selectedRowIfOnScreen,
            ahead: heightsAhead)
        layout.reveal(row: selected)
        guard let line, let current = layout.screenLine(ofRow: selected) else { return }
        let target = max(0, min(line, layout.viewportHeight - layout.height(ofRow: selected)))
        if target != current { layout.scroll(by: current - target) }
    }

    /// Sizes images for a new cell size: every row is measured again (a
    /// new layout), the selection kept in view.
    mutating func setCellPixels(_ cell: CellPixelSize) {
        guard typesetter.cellPixels != cell else { return }
        typesetter.cellPixels = cell
        layout = ListLayout(
            rowCount: source.count, strategy: strategy.effective(forRowCount: source.count),
            context: Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines), viewportHeight: Self.listHeight(size: size), measurer: measurer,
            measuresEveryRowHere: false
        )
        // Heights measured for the old images' sizes are not these rows' now.
        listSerial += 1
        heightsAhead = []
        sizesAheadAreStale = true
        layout.reveal(row: selected)
    }

    mutating func resize(to newSize: Size) {
        guard newSize != size else { return }
        size = newSize
        layout.setViewportHeight(Self.listHeight(size: size))
        layout.setContext(
            Self.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines), keepingRow: selectedRowIfOnScreen,
            ahead: heightsAhead)
        sizesAheadAreStale = true
        layout.reveal(row: selected)
    }

    /// The sizes one step up and down, nearest first.
    static func neighbours(of category: ContentSizeCategory) -> [ContentSizeCategory] {
        [category.larger, category.smaller].filter { $0 != category }
    }

    /// Keeps heights measured ahead, the newest for a context first; those
    /// of another width or of sizes more than two steps away go.
    mutating func keepAhead(_ heights: [ExactHeights]) {
        let near = Set([category] + Self.neighbours(of: category).flatMap { [$0] + Self.neighbours(of: $0) })
        let width = layout.context.width
        let kept = heights + heightsAhead.filter { old in !heights.contains { $0.context == old.context } }
        heightsAhead = kept.filter { $0.context.width == width && near.contains(DeliveryRowMeasurer.category($0.context)) }
    }

    /// What the runtime prepares off the loop (`Command.prepareSizes`): the
    /// list's full layout when it waits for one, and for the next `+` or
    /// `-` the rows on screen (and as many again below, for a smaller size)
    /// and, when the list is measured up front, every row.
    func sizesAhead() -> SizesAhead {
        let near = Self.neighbours(of: category)
        let far = near.flatMap(Self.neighbours(of:)).filter { $0 != category && !near.contains($0) }
        let rows = layout.visibleRows()
        let first = rows.first?.row ?? 0
        return SizesAhead(
            shown: category, categories: near, fontsOnly: far, size: size, list: listSerial,
            rows: first ..< min(source.count, first + 2 * rows.count),
            measuresEveryRow: layout.strategy == .exact, measuresShown: layout.awaitsExactHeights,
            pairs: typesetter.mayDoubleLines, measurer: measurer
        )
    }

    /// Positions the list with `top` at the top and `select` selected.
    mutating func place(top: Int?, select: Int?) {
        if let select { selected = min(max(0, select), max(0, source.count - 1)) }
        if let top {
            layout.scroll(to: ScrollAnchor(row: min(max(0, top), max(0, source.count - 1)), linesIntoRow: 0))
        } else {
            layout.reveal(row: selected)
        }
    }

    /// Opens the Shipment screen for the selected delivery.
    mutating func openShipment() {
        guard let delivery = selectedDelivery else { return }
        route = .shipment(delivery, scroll: 0)
    }
}
