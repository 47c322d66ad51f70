import Foundation
import Manifest
import Model
import PostgresNIO
import Store
import Synchronization

/// A team's deliveries in one PostgreSQL database: the same store as the
/// SQLite `DeliveryStore` to the program (`DeliveryStoring`), shared by many
/// browsers at once.
///
/// Each status change is one statement (row lock, log entry, update and a
/// `NOTIFY`), so two people changing one delivery are serialised: the last
/// write wins and the log keeps both. Every browser listens, and shows another's
/// change on its next idle tick. When the server goes away, changes are queued
/// (and shown) and written when it is back, each exactly once.
///
///     let store = try PostgresDeliveryStore(url: "postgresql://courier@db/deliveries")
///     let rows = try store.deliveries()
///     try store.setStatus(.delivered, forDeliveryID: "DLV-0001")
public final class PostgresDeliveryStore: DeliveryStoring {
    public typealias Rows = PostgresDeliveries

    let link: PostgresLink
    /// Where the store is, without the password.
    public let location: String
    /// Whose changes `undoLastChange()` undoes: the database user on this host.
    public let client: String
    /// Bumped when the rows change (here, or elsewhere when refreshed), so sources drop stale pages.
    let generation = Mutex(0)
    /// Each text order's whole list, once read, until the texts may have
    /// changed: an import here, or one announced elsewhere and refreshed, or
    /// a reconnection.
    let keptTextOrders = KeptTextOrders()
    private let changedElsewhere = Mutex(false)
    private let textsChangedElsewhere = Mutex(false)
    private let queue = Mutex<[QueuedChange]>([])
    /// The last source given out, whose cached pages can show a delivery while the server is away.
    private let lastSource = Mutex<PostgresDeliveries?>(nil)
    /// The positions of each status, in status order, as read at a generation (`statusSets(_:)`).
    private let statusSets = Mutex<(generation: Int, sets: [PositionSet])?>(nil)
    /// The word positions last found, for the typed words, at a generation:
    /// one keystroke's search and status counts (two workers) ask for the same.
    private let lastWordPositions = Mutex<(words: [String], generation: Int, positions: [Int32])?>(nil)
    /// A second connection for searches and counts (`searchLink`), opened at the first.
    private let searchConnection = Mutex<SearchConnection>(.untried)

    private enum SearchConnection {
        case untried
        case open(PostgresLink)
        /// It could not be had (a role's connection limit): searches share `link`.
        case refused
    }

    /// Connects to the store at `url` (a `postgresql://` URL, completed from
    /// the `PG*` variables and the password file) and brings its schema up to
    /// date. Throws `.badLocation` (exit 64) when the URL cannot be read,
    /// `.unavailable` (exit 69) when the server cannot be reached.
    public convenience init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) {
        let location: PostgresLocation
        do {
            location = try PostgresLocation(url: url, environment: environment)
        } catch {
            throw StoreError(kind: .badLocation, path: PostgresLocation.redacting(url), reason: error.description)
        }
        try self.init(location: location)
    }

    /// Positions a list learns per keyset step (at least: a few screens'
    /// worth for the first frame), rows an export fetches per round trip, and
    /// the positions per block a big search is counted by. Tests make it
    /// small, to cross many steps.
    let rowsPerStep: Int
    /// Searches and filters finding up to this many rows learn them whole
    /// with their count (16 Ki: beyond, the scan that finds out costs more than it saves); tests make it small.
    let eagerLimit: Int
    /// Positions of a search up to which the server counts them per status;
    /// beyond, it would look up each (10^6 rows, half of them found: 0.5-0.8 s
    /// a keystroke), and they are counted here against each status's rows
    /// (`statusCounts(of:)`); tests make it small.
    let positionsCountedByTheServer: Int
    /// A typed word's candidate words above which the server looks at every
    /// word rather than these by key (`SearchWords`); tests make it small.
    let wordsLookedUpByKey: Int

    public convenience init(location: PostgresLocation, client: String? = nil) throws(StoreError) {
        try self.init(location: location, client: client, rowsPerStep: 4096, eagerLimit: 16384)
    }

    init(
        location: PostgresLocation, client: String?, rowsPerStep: Int, eagerLimit: Int, positionsCountedByTheServer: Int = 8192,
        wordsLookedUpByKey: Int = SearchWords.wordsLookedUpByKey,
        readPatience: Duration = PostgresDeliveryStore.readPatience, writePatience: Duration = PostgresDeliveryStore.writePatience,
        heartbeat: Duration = PostgresDeliveryStore.heartbeat
    ) throws(StoreError) {
        self.wordsLookedUpByKey = wordsLookedUpByKey
        self.readPatience = readPatience
        self.writePatience = writePatience
        self.rowsPerStep = rowsPerStep
        self.eagerLimit = eagerLimit
        self.positionsCountedByTheServer = positionsCountedByTheServer
        self.location = location.description
        self.client = client ?? "\(location.user)@\(ProcessInfo.processInfo.hostName)"
        link = try PostgresLink(location: location, heartbeat: (every: heartbeat, patience: readPatience))
        try PostgresSchema.migrate(link)
        link.onNotification.withLock { handler in
            handler = { [weak self] _, payload in
                self?.changedElsewhere.withLock { $0 = true }
                if payload == PostgresSchema.importAnnouncement { self?.textsChangedElsewhere.withLock { $0 = true } }
            }
        }
        link.onReconnect.withLock { handler in
            handler = { [weak self] connection in
                try self?.writeQueuedChanges(on: connection)
                // Whatever happened while away is to be read again.
                self?.textsChangedElsewhere.withLock { $0 = true }
                self?.changedElsewhere.withLock { $0 = true }
            }
        }
    }

    /// Closes the connections.
    public func close() {
        link.close()
        if case .open(let other) = searchConnection.withLock({ $0 }) { other.close() }
    }

    /// The link searches and counts are read through: a connection of their
    /// own, so that one taking the server half a second (a letter or two
    /// typed at 10^6 rows) never holds up the page reads the screen waits
    /// for on `link` (the browser asks for them from its workers). `link`
    /// when a second connection cannot be had.
    var searchLink: PostgresLink {
        searchConnection.withLock { connection in
            switch connection {
            case .open(let other):
                return other
            case .refused:
                return link
            case .untried:
                guard let other = try? PostgresLink(location: link.location, servesInterruptibleReads: true, patience: Self.searchPatience)
                else {
                    connection = .refused
                    return link
                }
                connection = .open(other)
                return other
            }
        }
    }

    /// How long a read the screens wait for on the loop may take, the wait
    /// for the link included (a page of rows takes milliseconds, a step of a
    /// sorted list at 10^6 tens of them), before the server is taken for gone
    /// (`PostgresLink`): the screen then says it is offline and goes on.
    let readPatience: Duration
    static let readPatience: Duration = .seconds(5)
    /// The same for searches and counts, which their workers wait for; a
    /// letter typed at 10^6 may take the server a second or two.
    static let searchPatience: Duration = .seconds(30)
    /// The same for a status change or an undo, which may wait for another
    /// browser's import to commit (a re-import of 10^6: 20-25 s). A change
    /// that gets no answer is queued; its id keeps it from being made twice.
    let writePatience: Duration
    static let writePatience: Duration = .seconds(30)
    /// How often the link asks an idle server whether it is still there
    /// (`PostgresLink`), waiting `readPatience` for the answer: a connection
    /// that died quietly is found within about 15 s, and the list, which
    /// learns of other browsers' changes through it, catches up once it is made again.
    static let heartbeat: Duration = .seconds(10)

    /// The rows of `query`, a read the screens wait for (`readPatience`).
    func read(_ query: PostgresQuery) throws(StoreError) -> [PostgresRow] {
        try link.rows(query, patience: readPatience)
    }

    public var checksForChangesCheaply: Bool { true }

    public var connectionNotice: String? {
        // Short: the status bar drops a notice that does not fit beside the screen's own text.
        guard link.problem != nil else { return nil }
        let queued = queuedChangeCount
        let changes = queued == 0 ? "" : queued == 1 ? "; 1 change queued" : "; \(queued) changes queued"
        return "DB offline, reconnecting\(changes)"
    }

    /// Changes waiting for the server.
    public var queuedChangeCount: Int { queue.withLock { $0.count } }

    public var unsentChanges: [(deliveryID: String, status: DeliveryStatus)] {
        queue.withLock { $0.map { ($0.deliveryID, $0.status) } }
    }

    // MARK: - Reading

    public func count() throws(StoreError) -> Int {
        let rows = try read("SELECT coalesce(max(position), 0) FROM delivery")
        return Int((try? rows.first?.decode(Int32.self)) ?? 0)
    }

    public func deliveries() throws(StoreError) -> PostgresDeliveries {
        try listing(nil) { () throws(StoreError) in PostgresDeliveries(store: self, search: nil, count: try count()) }
    }

    /// The rows `text` finds whose status passes `filter`, in `sort` order. A
    /// search asks the word index for every row it finds (`SearchWords`), and
    /// the server only to filter or sort them. A list in a text order (name,
    /// window) is read whole: the whole order, kept (`wholeOrder`), or the
    /// rows found put in it. Otherwise a status filter alone that finds few
    /// rows learns them all in one scan, which counts them too; a big one is
    /// counted, and it and every row in status order are learnt by keyset as
    /// the screens scroll (`PostgresSearch`).
    public func search(_ text: String, status filter: StatusFilter = .all, sort: DeliveryOrder = .manifest) throws(StoreError) -> PostgresDeliveries {
        guard let search = PostgresSearch(text: text, status: filter.status?.rawValue, order: sort) else { return try deliveries() }
        let link = searchLink
        return try listing(search) { () throws(StoreError) in
            if KeptTextOrders.keeps(search.order) {
                guard search.filters else {
                    let whole = try wholeOrder(search.order, link)
                    return PostgresDeliveries(store: self, search: search, count: whole.count, positions: whole)
                }
                let positions = try listed(try foundPositions(search, link), by: search, link)
                return PostgresDeliveries(store: self, search: search, count: positions.count, positions: positions)
            }
            guard search.filters else {
                // A sort by status: every position at once if this end keeps the statuses' positions, else learnt by keyset.
                let count = try self.count()
                let kept = keptList(search.order)
                return PostgresDeliveries(store: self, search: search, count: count, positions: kept?.count == count ? kept ?? [] : [])
            }
            if var positions = try wordPositions(search) {
                if search.status != nil || search.order != .manifest { positions = try listed(positions, by: search, link) }
                return PostgresDeliveries(store: self, search: search, count: positions.count, positions: positions)
            }
            var positions = try positionArray(search.positions(upTo: eagerLimit), link, naming: "positions for the search")
            guard positions.count <= eagerLimit else {
                var blocks: [Int32: Int] = [:]
                for row in try link.rows(search.countsPerBlock(Int32(rowsPerStep))) {
                    let row = row.makeRandomAccess()
                    guard let block = try? row.decode("block", as: Int32.self), let count = try? row.decode("count", as: Int64.self)
                    else { continue }
                    blocks[block] = Int(count)
                }
                return PostgresDeliveries(store: self, search: search, count: blocks.values.reduce(0, +), countsPerBlock: blocks)
            }
            if search.order == .manifest { positions.sort() }
            return PostgresDeliveries(store: self, search: search, count: positions.count, positions: positions)
        }
    }

    /// Every position `search` finds, ascending, in any order and of any
    /// status: the word index's, else those of its status when it has no
    /// words, else (a typed word that holds white space) the texts' scan's.
    private func foundPositions(_ search: PostgresSearch, _ link: PostgresLink) throws(StoreError) -> [Int32] {
        if let positions = try wordPositions(search) { return positions }
        if let status = search.status, search.patterns.isEmpty {
            return try statusSets(link)[PostgresSearch.rank(of: status)].positions
        }
        var scan = search
        (scan.status, scan.order) = (nil, .manifest)
        return try positionArray(scan.positions(upTo: try count()), link, naming: "positions for the search").sorted()
    }

    /// The one array of positions `query` answers with; `what` names it when the server gives none.
    private func positionArray(_ query: PostgresQuery, _ link: PostgresLink, naming what: String) throws(StoreError) -> [Int32] {
        guard let row = try link.rows(query).first, let array = try? row.decode(PositionArray.self) else {
            throw StoreError(kind: .inputOutput, path: location, reason: "the server gave no \(what)")
        }
        return array.positions
    }

    /// Deliveries per status among those `text` finds (all for empty text), in one grouped count.
    public func statusCounts(matching text: String) throws(StoreError) -> StatusCounts {
        // Grouped by the rank, which the status index begins with: the whole store's counts read it in order, alone.
        let selected = "\(PostgresSearch.statusRank) AS rank, count(*) AS count"
        let search = PostgresSearch(text: text, status: nil)
        let link = searchLink
        var query = search?.query(selecting: selected) ?? PostgresQuery(unsafeSQL: "SELECT \(selected) FROM delivery")
        if let search, let positions = try wordPositions(search) {
            guard positions.count <= positionsCountedByTheServer else { return try statusCounts(of: positions, link) }
            query = PostgresQuery(unsafeSQL: "SELECT \(selected) FROM delivery WHERE position = ANY($1)")
            query.binds.append(PositionArray(positions))
        }
        let rows = try link.rows(PostgresQuery(unsafeSQL: query.sql + " GROUP BY 1", binds: query.binds))
        var counts = StatusCounts()
        for row in rows {
            let row = row.makeRandomAccess()
            guard let rank = try? row.decode("rank", as: Int32.self), let count = try? row.decode("count", as: Int64.self),
                  DeliveryStatus.allCases.indices.contains(Int(rank))
            else { continue }
            counts[DeliveryStatus.allCases[Int(rank)]] = Int(count)
        }
        return counts
    }

    /// The statuses of `positions` counted against the positions of each status (`statusSets(_:)`).
    private func statusCounts(of positions: [Int32], _ link: PostgresLink) throws(StoreError) -> StatusCounts {
        let capacity = try count()
        let sets = try statusSets(link)
        let found = PositionSet(positions, capacity: capacity)
        var counts = StatusCounts()
        for (status, set) in zip(DeliveryStatus.allCases, sets) { counts[status] = found.countInCommon(with: set) }
        return counts
    }

    /// The positions of each status, in status order, read once (the status
    /// index alone, about 0.1 s at 10^6) and kept until the rows change (`generation`).
    private func statusSets(_ link: PostgresLink) throws(StoreError) -> [PositionSet] {
        let current = generation.withLock { $0 }
        if let sets = keptStatusSets() { return sets }
        let capacity = try count()
        var read: [PositionSet] = []
        for status in DeliveryStatus.allCases {
            // One array, not a row a position.
            let positions = try positionArray(PostgresQuery(unsafeSQL: """
                SELECT coalesce(array_agg(position), '{}') FROM delivery WHERE \(PostgresSearch.statusCondition(status.rawValue))
                """), link, naming: "positions of the status \(status.rawValue)")
            read.append(PositionSet(positions, capacity: capacity))
        }
        statusSets.withLock { $0 = (current, read) }
        return read
    }

    /// The positions of each status, if read since the rows last changed.
    private func keptStatusSets() -> [PositionSet]? {
        let current = generation.withLock { $0 }
        return statusSets.withLock { kept in kept?.generation == current ? kept?.sets : nil }
    }

    /// `found` (the rows the words found, ascending) as `search` lists them:
    /// those of its status, in its order. The server filters and sorts a few.
    /// Many are put in order here, from what is kept until the rows change:
    /// each status's positions, and a text order's whole list, which the
    /// server sorts once rather than once per search (at 10^6 one letter
    /// finds 874,479 rows, which took it 1.1-1.5 s to sort each time).
    private func listed(_ found: [Int32], by search: PostgresSearch, _ link: PostgresLink) throws(StoreError) -> [Int32] {
        let capacity = try count()
        let textOrder = KeptTextOrders.keeps(search.order)
        let kept = textOrder ? keptTextOrders.whole(search.order) : nil
        // A text order's whole list once a search finds an eighth of the rows (`KeptTextOrders.wholeOrderShare`);
        // status sets are cheap, and often read for the counts already.
        let many = textOrder ? found.count * KeptTextOrders.wholeOrderShare >= capacity : found.count > positionsCountedByTheServer
        guard kept != nil || many else {
            return try positionArray(search.ordering(found), link, naming: "order for the search")
        }
        var listed = PositionSet(found, capacity: capacity)
        let sets = search.status != nil || search.order == .status ? try statusSets(link) : []
        if let status = search.status { listed.formIntersection(sets[PostgresSearch.rank(of: status)]) }
        switch search.order {
        case .manifest:
            return listed.positions
        case .status:
            return sets.flatMap { set in
                var ofStatus = listed
                ofStatus.formIntersection(set)
                return ofStatus.positions
            }
        case .name, .window:
            // The kept order, else read whole and kept.
            return KeptTextOrders.ordered(listed, by: try wholeOrder(search.order, link))
        }
    }

    /// Every position in `order`, if what gives it is kept as the rows are
    /// now (a text order's whole list, or each status's positions), without
    /// reading anything.
    private func keptList(_ order: DeliveryOrder) -> [Int32]? {
        switch order {
        case .manifest: return nil
        case .name, .window: return keptTextOrders.whole(order)
        case .status:
            return keptStatusSets()?.flatMap(\.positions)
        }
    }

    /// How many of `listed` come before `position` in `order`, from the
    /// whole list's order if this end keeps it (`keptList`): where a
    /// delivery a sorted search does not hold would be, without sending the
    /// server every position the search holds (874,479 for one letter at 10^6).
    func rowsBefore(_ position: Int32, among listed: [Int32], in order: DeliveryOrder) -> Int? {
        keptList(order).flatMap { KeptTextOrders.rowsBefore(position, among: listed, in: $0) }
    }

    /// Every position in text order `order`: kept here, else as the store
    /// keeps it (`text_order`, one array: at 10^6 4 MB, read in tens of
    /// milliseconds), else, should that not hold every row, sorted by the
    /// server (1-2 s at 10^6); then kept here.
    private func wholeOrder(_ order: DeliveryOrder, _ link: PostgresLink) throws(StoreError) -> [Int32] {
        try keptTextOrders.whole(order) { () throws(StoreError) in
            // Not read (a role not granted it, or none kept): sorted, as when it is stale.
            let kept: PostgresQuery = "SELECT positions FROM text_order WHERE sort = \(order.rawValue)"
            if let stored = try? positionArray(kept, link, naming: "kept order"), stored.count == (try count()) { return stored }
            return try positionArray(PostgresSearch.wholeList(in: order), link, naming: "order for the list")
        }
    }

    /// Hands every delivery `search(text, status:)` lists to `body`, in store
    /// order, from one read-only snapshot, a batch at a time through a cursor
    /// (a million rows stream through without being held). Throws what
    /// `body` throws, or `StoreError`.
    public func forEachDelivery(
        matching text: String = "", status filter: StatusFilter = .all, _ body: (Delivery) throws -> Void
    ) throws {
        let query = PostgresSearch(text: text, status: filter.status?.rawValue)?.query(selecting: PostgresDeliveries.columns)
            ?? PostgresQuery(unsafeSQL: "SELECT \(PostgresDeliveries.columns) FROM delivery")
        try stream(PostgresQuery(unsafeSQL: query.sql + " ORDER BY position", binds: query.binds), body)
    }

    /// The deliveries late at `now`: not delivered, and their window ended
    /// earlier today. In store order; only rows with a window that are not
    /// delivered are read.
    public func lateDeliveries(at now: TimeOfDay) throws(StoreError) -> [Delivery] {
        var late: [Delivery] = []
        do {
            try stream("""
                SELECT \(unescaped: PostgresDeliveries.columns) FROM delivery
                WHERE status <> 'delivered' AND delivery_window IS NOT NULL AND delivery_window <> '' ORDER BY position
                """) { delivery in
                if delivery.isLate(at: now) { late.append(delivery) }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(kind: .inputOutput, path: location, reason: "\(error)")
        }
        return late
    }

    /// The deliveries `query` selects (`PostgresDeliveries.columns`), handed
    /// to `body` in order through a cursor in a read-only, repeatable-read
    /// transaction. `body`'s own error (a closed pipe) passes through unchanged.
    private func stream(_ query: PostgresQuery, _ body: (Delivery) throws -> Void) throws {
        var failure: (any Error)?
        try link.transaction { connection in
            _ = try link.rows("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", on: connection)
            _ = try link.rows(PostgresQuery(unsafeSQL: "DECLARE idm_stream NO SCROLL CURSOR FOR " + query.sql, binds: query.binds),
                              on: connection)
            while failure == nil {
                let rows = try link.rows("FETCH \(unescaped: String(rowsPerStep)) FROM idm_stream", on: connection)
                for row in rows where failure == nil {
                    do { try body(PostgresDeliveries.delivery(from: row)) } catch { failure = error }
                }
                if rows.count < rowsPerStep { break }
            }
        }
        if let failure { throw failure }
    }

    /// The list `make` gives, remembered; while the server is away, the
    /// same list given last (its pages in memory, queued changes shown over
    /// them), so that showing a queued change keeps the screen as it was.
    private func listing(
        _ search: PostgresSearch?, _ make: () throws(StoreError) -> PostgresDeliveries
    ) throws(StoreError) -> PostgresDeliveries {
        do {
            let source = try make()
            lastSource.withLock { $0 = source }
            return source
        } catch where error.kind == .unavailable {
            guard let last = lastSource.withLock({ $0 }), last.search == search else { throw error }
            return last
        }
    }

    /// The positions of the rows holding every typed word of `search`,
    /// ascending, from the word index: for each word the distinct words that
    /// contain it (found through their trigrams' lists) and the positions
    /// those are in, united; then intersected across the typed words. Nil when the search
    /// has no words or the index cannot answer it (`PostgresSearch.scansText`).
    func wordPositions(_ search: PostgresSearch) throws(StoreError) -> [Int32]? {
        guard !search.words.isEmpty, !search.scansText else { return nil }
        let capacity = try count()
        let generation = generation.withLock { $0 }
        let link = searchLink
        return try link.withConnection { connection in
            // Under the link's lock: the second of two workers finds what the first found.
            if let last = lastWordPositions.withLock({ $0 }), last.words == search.words, last.generation == generation {
                return last.positions
            }
            let matched = try PositionSet.holdingAll(search.words) { word in
                var found = PositionSet(capacity: capacity)
                try SearchWords.positions(holding: word, into: &found, lookingUpByKeyAtMost: wordsLookedUpByKey, link, connection)
                return found
            }
            let positions = matched?.positions ?? []
            lastWordPositions.withLock { $0 = (search.words, generation, positions) }
            return positions
        }
    }

    /// Up to `limit` positions of `search`'s rows after `position` in list
    /// order (a keyset step), or `backwards` before it, the nearest first (0: from the end).
    func positions(of search: PostgresSearch, after position: Int32, limit: Int, backwards: Bool = false) throws(StoreError) -> [Int32] {
        try read(search.positions(after: position, limit: limit, backwards: backwards))
            .compactMap { try? $0.decode(Int32.self) }
    }

    public func delivery(id: String) throws(StoreError) -> Delivery? {
        do {
            let rows = try read("SELECT \(unescaped: PostgresDeliveries.columns) FROM delivery WHERE id = \(id)")
            return rows.first.map(PostgresDeliveries.delivery(from:)).map(withQueuedStatus)
        } catch where error.kind == .unavailable {
            // Away from the server: what the screens have already read, with queued changes.
            guard let cached = lastSource.withLock({ $0 })?.cachedDelivery(id: id) else { throw error }
            return withQueuedStatus(cached)
        }
    }

    public func row(ofDeliveryID id: String) throws(StoreError) -> Int? {
        try read("SELECT position FROM delivery WHERE id = \(id)").first.flatMap { try? $0.decode(Int32.self) }
            .map { Int($0) - 1 }
    }

    /// True once after another browser's change was announced (or the link came back).
    @discardableResult
    public func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        let changed = Self.take(changedElsewhere)
        if changed { generation.withLock { $0 += 1 } }
        if Self.take(textsChangedElsewhere) { keptTextOrders.textsChanged() }
        return changed
    }

    /// Whether `flag` was set, leaving it clear.
    private static func take(_ flag: borrowing Mutex<Bool>) -> Bool {
        flag.withLock { flag in
            defer { flag = false }
            return flag
        }
    }

    /// `delivery` with the status of its last queued change, if one is waiting.
    func withQueuedStatus(_ delivery: Delivery) -> Delivery {
        guard let queued = queue.withLock({ $0.last(where: { $0.deliveryID == delivery.id }) }) else { return delivery }
        var shown = delivery
        shown.status = queued.status
        return shown
    }

    // MARK: - Status changes

    @discardableResult
    public func setStatus(_ status: DeliveryStatus, forDeliveryID id: String) throws(StoreError) -> StatusChange? {
        let change = QueuedChange(changeID: UUID(), deliveryID: id, status: status)
        // Changes keep their order: while some wait, this one waits behind them.
        if queue.withLock({ !$0.isEmpty }) || !link.isConnected { return enqueue(change) }
        do {
            let result = try link.withConnection(patience: writePatience) { connection in try write(change, on: connection) }
            generation.withLock { $0 += 1 }
            return result
        } catch where error.kind == .unavailable {
            // Written or not, it goes in the queue: its id makes a second write a no-op.
            return enqueue(change)
        }
    }

    private func enqueue(_ change: QueuedChange) -> StatusChange {
        let before = (try? delivery(id: change.deliveryID))??.status ?? .pending
        // The sources keep their pages (they cannot be read again now) and show the queued status over them.
        queue.withLock { $0.append(change) }
        return StatusChange(deliveryID: change.deliveryID, row: -1, oldStatus: before, newStatus: change.status)
    }

    /// Writes one change: locks the row, logs it (once per change id), updates it and announces it.
    private func write(_ change: QueuedChange, on connection: PostgresConnection) throws -> StatusChange? {
        let status = change.status.rawValue
        let rows = try link.rows("""
            WITH target AS (SELECT position, status FROM delivery WHERE id = \(change.deliveryID) FOR UPDATE),
            logged AS (
                INSERT INTO status_change(change_id, delivery_id, old_status, new_status, client)
                SELECT \(change.changeID), \(change.deliveryID), status, \(status), \(client) FROM target
                WHERE status <> \(status)
                ON CONFLICT (change_id) DO NOTHING
                RETURNING old_status),
            updated AS (
                UPDATE delivery SET status = \(status)
                WHERE id = \(change.deliveryID) AND EXISTS (SELECT 1 FROM logged) RETURNING position)
            SELECT t.position AS position, (SELECT old_status FROM logged) AS old_status,
                (SELECT count(*) FROM (SELECT pg_notify(\(PostgresSchema.notificationChannel), \(change.deliveryID)) FROM updated) n) AS notified
            FROM target t
            """, on: connection)
        guard let row = rows.first else {
            throw StoreError(kind: .unknownDelivery, path: location, reason: "no delivery with id \(change.deliveryID)")
        }
        let columns = row.makeRandomAccess()
        let position = try columns.decode("position", as: Int32.self)
        guard let old = try columns.decode("old_status", as: String?.self) else { return nil }
        return StatusChange(
            deliveryID: change.deliveryID, row: Int(position) - 1,
            oldStatus: DeliveryStatus(rawValue: old) ?? .pending, newStatus: change.status)
    }

    /// Writes the queued changes in order, each removed once written (on the reconnecting thread).
    private func writeQueuedChanges(on connection: PostgresConnection) throws {
        while let next = queue.withLock({ $0.first }) {
            do {
                _ = try write(next, on: connection)
            } catch let error as StoreError where error.kind == .unknownDelivery {
                // The delivery is gone from the store: nothing to write it to.
            }
            queue.withLock { queue in
                if queue.first == next { queue.removeFirst() }
            }
        }
        generation.withLock { $0 += 1 }
    }

    /// Undoes this client's (database user on this host) last change that is not
    /// undone yet: the delivery gets its old status back, and the log keeps both
    /// the change and the undo.
    @discardableResult
    public func undoLastChange() throws(StoreError) -> StatusChange? {
        let change: StatusChange? = try link.transaction(patience: writePatience) { connection in
            let last = try link.rows("""
                SELECT sequence, delivery_id, old_status FROM status_change
                WHERE client = \(client) AND NOT undone ORDER BY sequence DESC LIMIT 1 FOR UPDATE
                """, on: connection)
            guard let last = last.first else { return nil }
            let logged = last.makeRandomAccess()
            let sequence = try logged.decode("sequence", as: Int64.self)
            let id = try logged.decode("delivery_id", as: String.self)
            let restored = try logged.decode("old_status", as: String.self)
            _ = try link.rows("UPDATE status_change SET undone = true WHERE sequence = \(sequence)", on: connection)
            guard let current = try link.rows(
                "SELECT position, status FROM delivery WHERE id = \(id) FOR UPDATE", on: connection).first
            else { return nil }
            let row = current.makeRandomAccess()
            let position = try row.decode("position", as: Int32.self)
            let status = try row.decode("status", as: String.self)
            _ = try link.rows("UPDATE delivery SET status = \(restored) WHERE id = \(id)", on: connection)
            _ = try link.rows("""
                INSERT INTO status_change(change_id, delivery_id, old_status, new_status, client, undone)
                VALUES (\(UUID()), \(id), \(status), \(restored), \(client), true)
                """, on: connection)
            _ = try link.rows("SELECT pg_notify(\(PostgresSchema.notificationChannel), \(id))", on: connection)
            return StatusChange(
                deliveryID: id, row: Int(position) - 1,
                oldStatus: DeliveryStatus(rawValue: status) ?? .pending, newStatus: DeliveryStatus(rawValue: restored) ?? .pending)
        }
        generation.withLock { $0 += 1 }
        return change
    }

    // MARK: - Import

    @discardableResult
    public func importManifest(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        let summary = try PostgresImport(store: self, reader: reader, progress: progress).run(url)
        generation.withLock { $0 += 1 }
        keptTextOrders.textsChanged()
        return summary
    }

    @discardableResult
    public func importManifestIfChanged(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        if let fingerprint = ManifestFingerprint(url: url) {
            let known = try link.rows("SELECT size, modified FROM imported_manifest WHERE path = \(fingerprint.path)")
            if let row = known.first?.makeRandomAccess(),
               let size = try? row.decode("size", as: Int64.self), let modified = try? row.decode("modified", as: Double.self),
               Int(size) == fingerprint.size, modified == fingerprint.modified {
                return ImportSummary(deliveries: 0, added: 0, storeCount: try count(), performed: false)
            }
        }
        return try importManifest(at: url, reader: reader, progress: progress)
    }
}

/// The status changes as `DeliveryStoring` asks for them: this store keeps
/// its own notion of an author (the database user on this host) until the
/// team store's replica replaces it.
extension PostgresDeliveryStore {
    @discardableResult
    public func setStatus(_ status: DeliveryStatus, forDeliveryID id: String, by author: ChangeAuthor) throws(StoreError) -> StatusChange? {
        try setStatus(status, forDeliveryID: id)
    }

    @discardableResult
    public func undoLastChange(by author: ChangeAuthor, ofDeliveryID deliveryID: String?) throws(StoreError) -> UndoOutcome {
        try undoLastChange().map(UndoOutcome.undone) ?? .nothingToUndo
    }
}
