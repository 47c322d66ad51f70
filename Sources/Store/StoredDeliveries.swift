import Foundation
import GRDB
import Model
import Synchronization

/// A `DeliverySource` over a `DeliveryStore`: all its rows, or the rows a
/// search matched, read from SQLite in pages as the screens ask for them.
///
/// Only a few pages are kept (least recently used go first), so a million-row
/// store costs the same memory as a small one. A search or a sort knows every
/// row's position (4 bytes each) up front; a status filter alone counts its
/// rows up front and learns their positions only when read: the first few
/// thousand for the first screens, the rest when a row beyond them is asked for.
///
/// A page not kept is read on the calling thread (the screens' loop reads
/// the rows on screen this way: docs/update-and-render.md), from the
/// store's view (`StoreDatabase.readView`). Pages are dropped when the view
/// moves: at each write of this process, or, for the screens' store, only
/// when the screens handle the message that says the store changed
/// (`moveToLatest()`); until then their rows read as they were before the
/// write. Which rows a search result holds stays as it was when searched
/// (search again to refresh it).
public final class StoredDeliveries: DeliverySource {
    /// Rows per page of deliveries: a few screens' worth, and small enough
    /// that the row-height engine's samples spread over the list stay cheap.
    static let pageSize = 64
    /// Rows per page of text lengths (12 bytes a row): the estimator reads them in long runs.
    static let lengthsPageSize = 1024

    private let database: StoreDatabase
    /// How search results list their rows.
    private let listing: ResultListing
    /// What a status filter keeps, its positions learnt lazily; nil for all
    /// rows (row i is position i + 1) or a listed result.
    let query: RowQuery?
    /// True when every position is known up front (`positions`): a search
    /// by words, or a sort.
    let isListed: Bool
    /// True when the rows are in another order than their positions (a sort):
    /// every position is then known up front, in list order.
    let isSorted: Bool
    public let count: Int
    private let state = Mutex(State())

    private struct State {
        var generation = -1
        var deliveries = PageCache<[Delivery]>(capacity: 48)
        var lengths = PageCache<[TextLengths]>(capacity: 48)
        /// A search's positions learnt so far, ascending.
        var positions: [Int32] = []
    }

    /// `positions` may hold the first positions already learnt (all of them,
    /// for a small result or a `listed` one).
    init(
        database: StoreDatabase, listing: ResultListing, query: RowQuery?, count: Int, positions: [Int32] = [],
        listed: Bool = false, isSorted: Bool = false
    ) {
        self.database = database
        self.listing = listing
        self.query = query
        self.count = count
        self.isListed = listed || isSorted
        self.isSorted = isSorted
        state.withLock { $0.positions = positions }
    }

    /// All rows, or for a search the positions learnt so far (at least the
    /// first chunk, which the first screen reads anyway).
    public var cheaplyReadableRows: Int {
        guard !isAllRows else { return count }
        let learnt = state.withLock { $0.positions.count }
        return min(count, max(learnt, listing.firstChunk))
    }

    /// The positions learnt so far, in list order (all of them, for a sorted list).
    var knownPositions: [Int32] { state.withLock { $0.positions } }

    /// Every row in position order (row i is position i + 1), or the
    /// positions of a search or a sort once all are known.
    public var storePlaces: [Int32]? {
        if query == nil, !isListed { return count <= Int(Int32.max) ? (0 ..< count).map { Int32($0 + 1) } : nil }
        let positions = knownPositions
        return isListed && positions.count == count ? positions : nil
    }

    public func delivery(at index: Int) -> Delivery {
        guard index >= 0, index < count else { return Self.placeholder(index, reason: "out of range") }
        let number = index / Self.pageSize
        do {
            let page = try cachedPage(number, size: Self.pageSize, in: \.deliveries, load: loadDeliveries)
            return page[index - number * Self.pageSize]
        } catch {
            return Self.placeholder(index, reason: "\(error)")
        }
    }

    public func textLengths(at index: Int) -> TextLengths {
        guard index >= 0, index < count else { return TextLengths(name: 0, address: 0, window: 0) }
        let number = index / Self.lengthsPageSize
        do {
            let page = try cachedPage(number, size: Self.lengthsPageSize, in: \.lengths, load: loadLengths)
            return page[index - number * Self.lengthsPageSize]
        } catch {
            return TextLengths(name: 0, address: 0, window: 0)
        }
    }

    public func textLengths(in rows: Range<Int>) -> [TextLengths] {
        var lengths: [TextLengths] = []
        lengths.reserveCapacity(rows.count)
        var row = rows.lowerBound
        while row < rows.upperBound {
            guard row >= 0, row < count else {
                lengths.append(TextLengths(name: 0, address: 0, window: 0))
                row += 1
                continue
            }
            // One page look-up for each page the run crosses.
            let number = row / Self.lengthsPageSize
            let start = number * Self.lengthsPageSize
            let end = min(rows.upperBound, count, start + Self.lengthsPageSize)
            if let page = try? cachedPage(number, size: Self.lengthsPageSize, in: \.lengths, load: loadLengths) {
                lengths += page[(row - start) ..< (end - start)]
            } else {
                lengths += repeatElement(TextLengths(name: 0, address: 0, window: 0), count: end - row)
            }
            row = end
        }
        return lengths
    }

    /// Read in one transaction by position, bypassing the page caches: the
    /// sample rows are spread a page or more apart.
    public func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)] {
        let wanted = indices.filter { $0 >= 0 && $0 < count }
        let read: (deliveries: [Int64: Delivery], lengths: [Int64: TextLengths], positions: [Int: Int64])
        do {
            let positions = try state.withLock { state in
                try learnPositions(through: (wanted.max() ?? -1) + 1, state: &state)
                return Dictionary(wanted.map { ($0, isAllRows ? Int64($0 + 1) : Int64(state.positions[$0])) }, uniquingKeysWith: { first, _ in first })
            }
            let keys = Array(Set(positions.values))
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
            read = try database.readView { db in
                let deliveries = try DeliveryColumns.fetchCursor(db, "WHERE position IN (\(marks))", arguments: StatementArguments(keys))
                    .reduce(into: [Int64: Delivery]()) { $0[$1.position] = $1.delivery }
                let lengths = try Self.lengths(db, "position IN (\(marks))", arguments: StatementArguments(keys))
                    .reduce(into: [Int64: TextLengths]()) { $0[$1.0] = $1.1 }
                return (deliveries, lengths, positions)
            }
        } catch {
            return indices.map { (Self.placeholder($0, reason: "\(error)"), TextLengths(name: 0, address: 0, window: 0)) }
        }
        return indices.map { index in
            guard let position = read.positions[index], let delivery = read.deliveries[position], let lengths = read.lengths[position] else {
                return (Self.placeholder(index, reason: index < 0 || index >= count ? "out of range" : "rows changed while being read"),
                        TextLengths(name: 0, address: 0, window: 0))
            }
            return (delivery, lengths)
        }
    }

    /// The page from the cache, or read from the store. The read happens
    /// outside the lock, so that threads measuring rows in parallel read
    /// their pages in parallel (the pool has a connection for each).
    private func cachedPage<Page: Sendable>(
        _ number: Int, size: Int, in cache: WritableKeyPath<State, PageCache<[Page]>> & Sendable,
        load: (_ rows: Int, _ condition: String, _ arguments: StatementArguments, _ order: [Int64]) throws -> [Page]
    ) throws -> [Page] {
        let generation = database.viewGeneration
        let rows = (number * size)..<min(count, (number + 1) * size)
        let lookup: (page: [Page]?, condition: String, arguments: StatementArguments, order: [Int64]) = try state.withLock { state in
            if state.generation != generation {
                state.deliveries.removeAll()
                state.lengths.removeAll()
                state.generation = generation
            }
            if let page = state[keyPath: cache].page(number) { return (page, "", [], []) }
            let (condition, arguments, order) = try selection(rows: rows, state: &state)
            return (nil, condition, arguments, order)
        }
        if let page = lookup.page { return page }
        let page = try load(rows.count, lookup.condition, lookup.arguments, lookup.order)
        state.withLock { state in
            if state.generation == generation { state[keyPath: cache].insert(page, number: number) }
        }
        return page
    }

    private func loadDeliveries(rows: Int, condition: String, arguments: StatementArguments, order: [Int64]) throws -> [Delivery] {
        let found = try database.readView { db in
            try DeliveryColumns.fetchCursor(db, "WHERE \(condition) ORDER BY position", arguments: arguments)
                .reduce(into: []) { $0.append($1) }
        }
        guard found.count == rows else { throw missingRows() }
        return inListOrder(found, order: order)
    }

    private func loadLengths(rows: Int, condition: String, arguments: StatementArguments, order: [Int64]) throws -> [TextLengths] {
        let found = try database.readView { db in
            try Self.lengths(db, "\(condition) ORDER BY position", arguments: arguments).reduce(into: []) { $0.append($1) }
        }
        guard found.count == rows else { throw missingRows() }
        return inListOrder(found, order: order)
    }

    /// The text lengths of the rows `SELECT … FROM delivery_length WHERE <clauses>` finds, with their positions.
    private static func lengths(
        _ db: Database, _ clauses: String, arguments: StatementArguments
    ) throws -> MapCursor<RowCursor, (Int64, TextLengths)> {
        let statement = try db.makeStatement(sql: "SELECT position, name, address, window FROM delivery_length WHERE \(clauses)")
        let (position, name, address, window) = (
            try statement.index(ofColumnNamed: "position"), try statement.index(ofColumnNamed: "name"),
            try statement.index(ofColumnNamed: "address"), try statement.index(ofColumnNamed: "window"))
        return try Row.fetchCursor(statement, arguments: arguments)
            .map { ($0[position] as Int64, TextLengths(name: $0[name], address: $0[address], window: $0[window])) }
    }

    /// Rows read by position, put in the list's order (`order`: a sorted
    /// list's positions for the page, in list order).
    private func inListOrder<Value>(_ found: [(Int64, Value)], order: [Int64]) -> [Value] {
        guard isSorted else { return found.map(\.1) }
        let byPosition = Dictionary(found, uniquingKeysWith: { first, _ in first })
        return order.compactMap { byPosition[$0] }
    }

    /// SQL selecting the positions of `rows`: a key range for all rows, the
    /// learnt positions for a search (sorted, but not contiguous).
    private func selection(rows: Range<Int>, state: inout State) throws -> (String, StatementArguments, [Int64]) {
        guard !isAllRows else { return ("position BETWEEN ? AND ?", [rows.lowerBound + 1, rows.upperBound], []) }
        try learnPositions(through: rows.upperBound, state: &state)
        let positions = state.positions[rows].map { Int64($0) }
        let marks = Array(repeating: "?", count: positions.count).joined(separator: ",")
        return ("position IN (\(marks))", StatementArguments(positions), isSorted ? positions : [])
    }

    /// Learns every position of a status filter's result not yet known, for
    /// a worker off the loop: at a million rows that is a good part of a
    /// second, which a key past the first chunk (End) would otherwise wait
    /// for on the loop (a search by words or a sort knows them all already). The read
    /// happens outside the lock, so the loop's page reads of the rows already
    /// known go on meanwhile, and it watches `ReadInterruption.current`
    /// (throwing when stopped, nothing learnt).
    public func learnRemainingRows() throws {
        guard let query else { return }
        let (learnt, after) = state.withLock { ($0.positions.count, $0.positions.last.map(Int64.init) ?? 0) }
        guard learnt < count else { return }
        var rest: [Int32] = []
        rest.reserveCapacity(count - learnt)
        try database.read { db in try query.positions(after: after, limit: count - learnt, db, into: &rest) }
        state.withLock { state in
            // Unless the loop learnt them meanwhile (a key past the known rows, which waits for its own read).
            if state.positions.count == learnt { state.positions += rest }
        }
    }

    /// Learns a search's positions up to row `end` (exclusive), if not yet known.
    private func learnPositions(through end: Int, state: inout State) throws {
        guard let query else { return }
        while state.positions.count < end {
            let learnt = state.positions.count
            let after = state.positions.last.map(Int64.init) ?? 0
            try database.readView { db in
                // A first chunk for the first screens, then the rest in one go: a
                // prefix query re-merges its word lists on every statement.
                try query.positions(after: after, limit: learnt == 0 ? listing.firstChunk : count - learnt, db,
                                    into: &state.positions)
            }
            // The store changed since the count (another process): fewer rows match now.
            if state.positions.count == learnt { throw missingRows() }
        }
    }

    /// Every row of the store, row i at position i + 1.
    private var isAllRows: Bool { query == nil && !isListed }

    private func missingRows() -> StoreError {
        StoreError(kind: .inputOutput, path: database.url.path, reason: "rows changed while being read")
    }

    /// Where the delivery with `id` is in this list; when it is not listed,
    /// the row nearest to where it would be by store position (the next
    /// listed one after it, or the last). Nil for a sorted list that does
    /// not hold it, or an unknown id.
    public func row(nearestTo id: String) -> Int? {
        guard count > 0, let position = try? database.row(ofDeliveryID: id).map({ Int64($0 + 1) }) else { return nil }
        if isSorted {
            return knownPositions.firstIndex(of: Int32(truncatingIfNeeded: position))
        }
        if isListed {
            // Ascending: the first listed position at or after it.
            let positions = knownPositions
            var (low, high) = (0, positions.count)
            while low < high {
                let middle = (low + high) / 2
                if Int64(positions[middle]) < position { low = middle + 1 } else { high = middle }
            }
            return min(count - 1, low)
        }
        guard let query else { return min(count - 1, Int(position) - 1) }
        let before = try? database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(query.table) WHERE \(query.condition) AND \(query.column) < ?",
                             arguments: StatementArguments(query.arguments) + [position])
        }
        return before.map { min(count - 1, $0) }
    }

    public func moveToLatest() {
        database.moveViewToLatest()
    }

    /// What a row that cannot be read shows, rather than a crash: the protocol cannot throw.
    private static func placeholder(_ index: Int, reason: String) -> Delivery {
        Delivery(id: "", name: "Row \(index + 1) could not be read", address: Address(line1: reason))
    }
}
