import Foundation
import Manifest
import Model
import PostgresNIO
import Store
import Synchronization

/// A `DeliverySource` over a PostgreSQL store: all rows, or a search's rows
/// in the order chosen, read a page at a time by key (`position BETWEEN` for
/// all rows in manifest order; otherwise the list's positions, learnt by
/// keyset as far as the screens scroll, `PostgresSearch`). A few pages are
/// kept; they are dropped when the store changes (here or, told by NOTIFY,
/// elsewhere). A change queued while the server is away shows in the rows at once.
public final class PostgresDeliveries: DeliverySource {
    static let pageSize = 64
    static let lengthsPageSize = 1024
    /// A delivery's columns, in the order `delivery(from:)` decodes them.
    static let columns = "position, id, name, line1, line2, phone, text_number, status, items, instructions, delivery_window"
    static let columnCount = columns.split(separator: ",").count

    private let store: PostgresDeliveryStore
    let search: PostgresSearch?
    public let count: Int
    private let state = Mutex(State())

    private struct State {
        var generation = -1
        var deliveries = PageCache<[Delivery]>(capacity: 48)
        var lengths = PageCache<[TextLengths]>(capacity: 48)
        var positions: [Int32] = []
        /// The list's last `tail.count` positions, in list order, learnt backwards from the end (the End key).
        var tail: [Int32] = []
        /// Positions of the rows from `aroundStart` on, learnt outwards from a
        /// delivery the list was asked to keep (`row(nearestTo:)`), which may be
        /// far from both ends (a sort keeping the selected delivery: row 400,000 of 10^6).
        var around: [Int32] = []
        var aroundStart = 0
        /// The last row found for a delivery (`row(nearestTo:)`), at a generation of the store.
        var nearest: (id: String, generation: Int, row: Int)?
    }

    /// A big search's rows per block of `rowsPerStep` positions (block number, rows), when counted so.
    private let countsPerBlock: [Int32: Int]

    /// `positions`: the list's positions in list order, when already known (all of them).
    init(store: PostgresDeliveryStore, search: PostgresSearch?, count: Int, positions: [Int32] = [], countsPerBlock: [Int32: Int] = [:]) {
        self.store = store
        self.search = search
        self.count = count
        self.countsPerBlock = countsPerBlock
        state.withLock { $0.positions = positions }
    }

    /// How many positions are learnt from the start and from the end (tests check a kept delivery's rows are learnt without them).
    var positionsLearntFromEnds: Int { state.withLock { $0.positions.count + $0.tail.count } }

    public var cheaplyReadableRows: Int {
        guard search != nil else { return count }
        return min(count, max(state.withLock { $0.positions.count }, store.rowsPerStep))
    }

    public func delivery(at index: Int) -> Delivery {
        guard index >= 0, index < count else { return Self.placeholder(index, reason: "out of range") }
        let number = index / Self.pageSize
        do {
            let page = try cachedPage(number, size: Self.pageSize, in: \.deliveries, load: loadDeliveries)
            return store.withQueuedStatus(page[index - number * Self.pageSize])
        } catch {
            return Self.placeholder(index, reason: error.reason)
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

    /// A cached delivery with `id`, if a page holding it is in memory (for
    /// showing a change while the server is away).
    func cachedDelivery(id: String) -> Delivery? {
        state.withLock { state in
            for page in state.deliveries.cachedPages { if let found = page.first(where: { $0.id == id }) { return found } }
            return nil
        }
    }

    private func cachedPage<Page: Sendable>(
        _ number: Int, size: Int, in cache: WritableKeyPath<State, PageCache<[Page]>> & Sendable,
        load: ([Int32]?, Range<Int>) throws(StoreError) -> [Page]
    ) throws(StoreError) -> [Page] {
        let generation = store.generation.withLock { $0 }
        let rows = (number * size)..<min(count, (number + 1) * size)
        let cached: [Page]? = state.withLock { state in
            if state.generation != generation {
                state.deliveries.removeAll()
                state.lengths.removeAll()
                state.generation = generation
            }
            return state[keyPath: cache].page(number)
        }
        if let cached { return cached }
        let positions = try search == nil ? nil : learnPositions(of: rows)
        let page = try load(positions, rows)
        guard page.count == rows.count else {
            throw StoreError(kind: .inputOutput, path: store.location, reason: "rows changed while being read")
        }
        state.withLock { state in
            if state.generation == generation { state[keyPath: cache].insert(page, number: number) }
        }
        return page
    }

    /// The list's positions of `rows`: from those learnt from the start, or
    /// from the end when the rows are nearer the end than the start's learnt
    /// rows are (End and the pages above it read a few chunks, not the whole list).
    private func learnPositions(of rows: Range<Int>) throws(StoreError) -> [Int32]? {
        let (learnt, tail, around) = state.withLock { ($0.positions.count, $0.tail.count, ($0.aroundStart, $0.around.count)) }
        if around.1 > 0 {
            // Fewer rows to learn outwards from the kept delivery than from either end: learnt from it.
            let fromAround = max(0, around.0 - rows.lowerBound) + max(0, rows.upperBound - around.0 - around.1)
            if fromAround < rows.upperBound - learnt, fromAround < count - tail - rows.lowerBound { return try learnAround(rows) }
        }
        if rows.upperBound > learnt, count - tail - rows.lowerBound < rows.upperBound - learnt {
            let tail = try learnTail(from: rows.lowerBound)
            let first = count - tail.count
            return Array(tail[(rows.lowerBound - first)..<(rows.upperBound - first)])
        }
        return try learnPositions(through: rows.upperBound).map { Array($0[rows]) }
    }

    /// The list's last positions, learnt backwards by keyset chunks from the end down to at least row `start`.
    private func learnTail(from start: Int) throws(StoreError) -> [Int32] {
        guard let search else { return [] }
        while true {
            let (tail, first) = state.withLock { ($0.tail, $0.tail.first ?? 0) }
            if count - tail.count <= start { return tail }
            let more = try store.positions(
                of: search, after: first, limit: min(count - tail.count, max(store.rowsPerStep, count - tail.count - start)),
                backwards: true)
            if more.isEmpty {
                throw StoreError(kind: .inputOutput, path: store.location, reason: "rows changed while being read")
            }
            state.withLock { state in
                if state.tail.count == tail.count { state.tail = more.reversed() + state.tail }
            }
        }
    }

    /// The positions of `rows`, learnt by keyset chunks outwards from those
    /// learnt around a kept delivery (`State.around`).
    private func learnAround(_ rows: Range<Int>) throws(StoreError) -> [Int32] {
        guard let search else { return [] }
        while true {
            let (start, run) = state.withLock { ($0.aroundStart, $0.around) }
            guard let first = run.first, let last = run.last else { return [] }
            if rows.lowerBound < start {
                let more = try store.positions(
                    of: search, after: first, limit: max(store.rowsPerStep, start - rows.lowerBound), backwards: true)
                // None before the first, or more than the rows before it: the rows changed since it was placed.
                if more.isEmpty || more.count > start {
                    throw StoreError(kind: .inputOutput, path: store.location, reason: "rows changed while being read")
                }
                state.withLock { state in
                    guard state.aroundStart == start, state.around.count == run.count else { return }
                    state.around = more.reversed() + state.around
                    state.aroundStart -= more.count
                }
            } else if rows.upperBound > start + run.count {
                let more = try store.positions(of: search, after: last, limit: max(store.rowsPerStep, rows.upperBound - start - run.count))
                if more.isEmpty {
                    throw StoreError(kind: .inputOutput, path: store.location, reason: "rows changed while being read")
                }
                state.withLock { state in
                    if state.aroundStart == start, state.around.count == run.count { state.around += more }
                }
            } else {
                return Array(run[(rows.lowerBound - start)..<(rows.upperBound - start)])
            }
        }
    }

    /// The search's positions, learnt by keyset chunks up to at least `end`.
    private func learnPositions(through end: Int) throws(StoreError) -> [Int32]? {
        guard let search else { return nil }
        while true {
            let (learnt, last) = state.withLock { ($0.positions.count, $0.positions.last ?? 0) }
            if learnt >= end { return state.withLock { $0.positions } }
            let more = try store.positions(of: search, after: last, limit: max(store.rowsPerStep, end - learnt))
            if more.isEmpty {
                throw StoreError(kind: .inputOutput, path: store.location, reason: "rows changed while being read")
            }
            state.withLock { state in
                if state.positions.count == learnt { state.positions += more }
            }
        }
    }

    private func loadDeliveries(positions: [Int32]?, rows: Range<Int>) throws(StoreError) -> [Delivery] {
        try load(Self.columns, positions: positions, rows: rows) { row in
            (Self.position(of: row), Self.delivery(from: row))
        }
    }

    private func loadLengths(positions: [Int32]?, rows: Range<Int>) throws(StoreError) -> [TextLengths] {
        try load("position, \(Self.lengthColumns)", positions: positions, rows: rows) { row in
            guard let lengths = Self.lengths(from: row.makeRandomAccess(), at: 1) else { return (0, TextLengths(name: 0, address: 0, window: 0)) }
            return (Self.position(of: row), lengths)
        }
    }

    static let lengthColumns = "name_length, address_length, window_length"

    /// The text lengths of a row that holds `lengthColumns` from column `first` on (by place, as `delivery(from:)` reads).
    private static func lengths(from row: PostgresRandomAccessRow, at first: Int) -> TextLengths? {
        guard row.count >= first + 3,
              let name = try? row[first].decode(Int32.self),
              let address = try? row[first + 1].decode(Int32.self),
              let window = try? row[first + 2].decode(Int32.self)
        else { return nil }
        return TextLengths(name: Int(name), address: Int(address), window: Int(window))
    }

    /// The rows at `indices` with their lengths in one read, when their
    /// positions are known (every row of the plain list; a search's learnt
    /// ones): a sample spread over a long list would otherwise read a page of
    /// rows and a page of lengths for each (at 10^6 rows, 100 ms and more
    /// of the screen's time when a search's rows arrive).
    public func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)] {
        let paged = { indices.map { (self.delivery(at: $0), self.textLengths(at: $0)) } }
        let known = search == nil ? [] : state.withLock { $0.positions }
        guard indices.allSatisfy({ $0 >= 0 && $0 < count && (search == nil || $0 < known.count) }) else { return paged() }
        let positions = indices.map { search == nil ? Int32($0 + 1) : known[$0] }
        let read = try? load("\(Self.columns), \(Self.lengthColumns)", positions: positions, rows: 0..<0) { row in
            guard let lengths = Self.lengths(from: row.makeRandomAccess(), at: Self.columnCount) else {
                return (-1, (Self.delivery(from: row), TextLengths(name: 0, address: 0, window: 0)))
            }
            return (Self.position(of: row), (store.withQueuedStatus(Self.delivery(from: row)), lengths))
        }
        // A row gone meanwhile (the store changed): as the pages say.
        guard let read, read.count == positions.count else { return paged() }
        return read.map { (delivery: $0.0, lengths: $0.1) }
    }

    /// `columns` (position first) of the rows at `positions` in that order,
    /// or of the key range `rows` when all rows are listed in manifest order.
    private func load<Value>(
        _ columns: String, positions: [Int32]?, rows: Range<Int>, decode: (PostgresRow) -> (Int32, Value)
    ) throws(StoreError) -> [Value] {
        guard let positions else {
            return try store.read("""
                SELECT \(unescaped: columns) FROM delivery
                WHERE position BETWEEN \(Int32(rows.lowerBound + 1)) AND \(Int32(rows.upperBound)) ORDER BY position
                """).map { decode($0).1 }
        }
        let found = try store.read("SELECT \(unescaped: columns) FROM delivery WHERE position = ANY(\(PositionArray(positions)))").map(decode)
        // A sorted list is not in position order: put the rows in the list's.
        let byPosition = Dictionary(found, uniquingKeysWith: { first, _ in first })
        return positions.compactMap { byPosition[$0] }
    }

    /// Where the delivery with `id` is in this list, or where it would be:
    /// the rows before it in the list's order, counted by the server.
    /// Remembered until the store changes: the worker that read the list
    /// asks first (a sorted list counts the rows before it, 0.15-0.2 s at
    /// 10^6), then the screen, on the loop, finds the answer here.
    public func row(nearestTo id: String) -> Int? {
        let generation = store.generation.withLock { $0 }
        if let known = state.withLock({ $0.nearest }), known.id == id, known.generation == generation { return known.row }
        let row = findRow(nearestTo: id)
        if let row { state.withLock { $0.nearest = (id, generation, row) } }
        return row
    }

    private func findRow(nearestTo id: String) -> Int? {
        guard count > 0, let position = try? store.row(ofDeliveryID: id).map({ Int32($0 + 1) }) else { return nil }
        guard let search else { return min(count - 1, Int(position) - 1) }
        let known = state.withLock { $0.positions }
        if known.count == count {
            // Every position is known: in manifest order, where it is or would be; sorted, where it is.
            if search.order == .manifest { return min(count - 1, Self.insertionIndex(of: position, in: known)) }
            if let row = known.firstIndex(of: position) { return row }
            // Sorted, where it would be: from the whole list's order when the store keeps it, else counted by the server.
            if let before = store.rowsBefore(position, among: known, in: search.order) { return min(count - 1, before) }
        }
        if search.order == .manifest, !countsPerBlock.isEmpty {
            // The blocks before its own, counted with the list, and the rows of its block before it.
            let size = Int32(store.rowsPerStep)
            let block = position / size
            let earlier = countsPerBlock.reduce(0) { $0 + ($1.key < block ? $1.value : 0) }
            let query = search.rowsBefore(position: position, from: block * size)
            guard let within = try? store.read(query).first?.decode(Int64.self) else { return nil }
            return min(count - 1, earlier + Int(within))
        }
        let query = search.rowsBefore(position: position, among: known.count == count ? known : nil)
        guard let before = try? store.read(query).first?.decode(Int64.self) else { return nil }
        if !search.filters, before < count {
            // A sorted list of every row holds it there: the rows the screen shows around it are learnt from it outwards.
            state.withLock { state in
                guard before >= state.positions.count, before < count - state.tail.count else { return }
                (state.aroundStart, state.around) = (Int(before), [position])
            }
        }
        return min(count - 1, Int(before))
    }

    /// The index of the first of the ascending `positions` not below `position`.
    static func insertionIndex(of position: Int32, in positions: [Int32]) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A delivery from a row that begins with `columns`; a row that cannot be
    /// decoded says so. Decoded cell by cell, by place: by name, each
    /// column's name was looked up in a table for every row, and the row's
    /// variadic decode was no faster, making its types' metadata for every
    /// row (an export of 10^6: 10.6-11.7 s those ways, 8.9-10.3 s this).
    static func delivery(from row: PostgresRow) -> Delivery {
        guard row.count >= columnCount else {
            return Delivery(id: "", name: "A row could not be read", address: Address(line1: "it has \(row.count) columns"))
        }
        do {
            var cells = row.makeIterator()
            func next<Value: PostgresDecodable>(_: Value.Type) throws -> Value {
                guard let cell = cells.next() else { throw PostgresDecodingError.Code.missingData }
                return try cell.decode(Value.self)
            }
            _ = try next(Int32.self)
            let (id, name, line1, line2) = (try next(String.self), try next(String.self), try next(String.self), try next(String?.self))
            let (phone, text, status, items) = (try next(String?.self), try next(String?.self), try next(String.self), try next(String.self))
            let (instructions, window) = (try next(String?.self), try next(String?.self))
            return Delivery(
                id: id, name: name, address: Address(line1: line1, line2: line2), phone: phone, text: text,
                status: DeliveryStatus(rawValue: status) ?? .pending, items: ItemsColumn.decode(items),
                instructions: instructions, window: window)
        } catch {
            return Delivery(id: "", name: "A row could not be read", address: Address(line1: "\(error)"))
        }
    }

    /// The position in a row's first column (0 when it cannot be read).
    static func position(of row: PostgresRow) -> Int32 {
        (try? row.first?.decode(Int32.self)) ?? 0
    }

    private static func placeholder(_ index: Int, reason: String) -> Delivery {
        Delivery(id: "", name: "Row \(index + 1) could not be read", address: Address(line1: reason))
    }
}
