import Foundation
import GRDB
import Model

/// A `DeliverySource` over a `DeliveryStore`: all its rows, or the rows a
/// search matched, read from SQLite in pages as the screens ask for them.
///
/// Only a few pages are kept (least recently used go first), so a million-row
/// store costs the same memory as a small one. A search result keeps just the
/// matching rows' positions (4 bytes each). Pages are dropped when this
/// process changes the store, so a saved status shows at once.
public final class StoredDeliveries: DeliverySource {
    /// Rows per page of deliveries: a few screens' worth.
    static let pageSize = 256
    /// Rows per page of text lengths: the estimator reads them in long runs.
    static let lengthsPageSize = 4096
    static let columns = "position, id, name, line1, line2, phone, text, status, items, instructions, window"

    private let store: DeliveryStore
    /// The store positions (1-based rowids) of a search's rows; nil for all rows (row i is position i + 1).
    private let positions: [Int32]?
    public let count: Int
    private let pages = LockedValue(Pages())

    private struct Pages {
        var generation = -1
        var deliveries = PageCache<[Delivery]>(capacity: 16)
        var lengths = PageCache<[TextLengths]>(capacity: 16)
    }

    init(store: DeliveryStore, positions: [Int32]?, count: Int) {
        self.store = store
        self.positions = positions
        self.count = count
    }

    public func delivery(at index: Int) -> Delivery {
        guard index >= 0, index < count else { return Self.placeholder(index, reason: "out of range") }
        let number = index / Self.pageSize
        do {
            return try cachedPage(number, in: \.deliveries) { try loadDeliveries(page: number) }[index - number * Self.pageSize]
        } catch {
            return Self.placeholder(index, reason: "\(error)")
        }
    }

    public func textLengths(at index: Int) -> TextLengths {
        guard index >= 0, index < count else { return TextLengths(name: 0, address: 0, window: 0) }
        let number = index / Self.lengthsPageSize
        do {
            return try cachedPage(number, in: \.lengths) { try loadLengths(page: number) }[index - number * Self.lengthsPageSize]
        } catch {
            return TextLengths(name: 0, address: 0, window: 0)
        }
    }

    private func cachedPage<Page>(
        _ number: Int, in cache: WritableKeyPath<Pages, PageCache<[Page]>>, load: () throws -> [Page]
    ) throws -> [Page] {
        let generation = store.generation.withLock { $0 }
        return try pages.withLock { pages in
            if pages.generation != generation {
                pages.deliveries.removeAll()
                pages.lengths.removeAll()
                pages.generation = generation
            }
            if let page = pages[keyPath: cache].page(number) { return page }
            let page = try load()
            pages[keyPath: cache].insert(page, number: number)
            return page
        }
    }

    private func loadDeliveries(page number: Int) throws -> [Delivery] {
        let range = rowRange(page: number, size: Self.pageSize)
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM delivery WHERE \(condition(for: range)) ORDER BY position",
                             arguments: arguments(for: range))
        }
        guard rows.count == range.count else { throw StoreError(kind: .inputOutput, path: store.url.path, reason: "rows missing") }
        return rows.map(Self.delivery(from:))
    }

    private func loadLengths(page number: Int) throws -> [TextLengths] {
        let range = rowRange(page: number, size: Self.lengthsPageSize)
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT name, address, window FROM delivery_length WHERE \(condition(for: range)) ORDER BY position
                """, arguments: arguments(for: range))
        }
        guard rows.count == range.count else { throw StoreError(kind: .inputOutput, path: store.url.path, reason: "rows missing") }
        return rows.map { TextLengths(name: $0[0], address: $0[1], window: $0[2]) }
    }

    private func rowRange(page number: Int, size: Int) -> Range<Int> {
        (number * size)..<min(count, (number + 1) * size)
    }

    /// All rows: a key range. A search: the page's positions, which are sorted but not contiguous.
    private func condition(for range: Range<Int>) -> String {
        positions == nil
            ? "position BETWEEN ? AND ?"
            : "position IN (" + Array(repeating: "?", count: range.count).joined(separator: ",") + ")"
    }

    private func arguments(for range: Range<Int>) -> StatementArguments {
        guard let positions else { return [range.lowerBound + 1, range.upperBound] }
        return StatementArguments(positions[range].map { Int64($0) })
    }

    /// A delivery from a row of `columns`.
    static func delivery(from row: Row) -> Delivery {
        Delivery(
            id: row[1], name: row[2],
            address: Address(line1: row[3], line2: row[4]),
            phone: row[5], text: row[6],
            status: DeliveryStatus(rawValue: row[7]) ?? .pending,
            items: ItemsColumn.decode(row[8]),
            instructions: row[9], window: row[10]
        )
    }

    /// What a row that cannot be read shows, rather than a crash: the protocol cannot throw.
    private static func placeholder(_ index: Int, reason: String) -> Delivery {
        Delivery(id: "", name: "Row \(index + 1) could not be read", address: Address(line1: reason))
    }
}
