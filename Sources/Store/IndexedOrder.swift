import GRDB
import Model

/// Every delivery's position in a sort order, read from the order's index
/// (schema v12, `StoreSchema+SortOrders`) in the order it keeps, so that
/// no sort of every row reads the whole table and sorts it. Each gives
/// exactly what `StoreOrdering.sql` sorts to, ties by position:
///
/// - name: `delivery_by_name` in index order (an index's entries end with
///   the rowid, the position, which breaks ties);
/// - time window: the rows with a window from `delivery_by_window`, then
///   those without one, as the index lists them: NULL before empty, each
///   in position order;
/// - status: the status index a status at a time, in `statusSequence`.
///
/// Read through SQLite's C API (`BulkStatement`): a million positions.
enum IndexedOrder {
    /// The statuses in the order the status order shows them.
    static let statusSequence: [DeliveryStatus] = [.pending, .outForDelivery, .delivered, .failed]

    /// Every position in `order` (the manifest's: 1 … count).
    static func positions(_ order: DeliveryOrder, _ db: Database) throws -> [Int32] {
        switch order {
        case .manifest:
            return try read("SELECT position FROM delivery ORDER BY position", db)
        case .name:
            return try read("SELECT position FROM delivery ORDER BY name COLLATE NOCASE, position", db)
        case .window:
            return try read("SELECT position FROM delivery WHERE window > '' ORDER BY window, position", db)
                + read("SELECT position FROM delivery WHERE window IS NULL ORDER BY position", db)
                + read("SELECT position FROM delivery WHERE window = '' ORDER BY position", db)
        case .status:
            var positions: [Int32] = []
            for status in statusSequence { positions += try self.positions(of: status.rawValue, db) }
            return positions
        }
    }

    /// The positions of the deliveries whose status is `status`, ascending (the status index).
    static func positions(of status: String, _ db: Database) throws -> [Int32] {
        try read("SELECT position FROM delivery WHERE status = ? ORDER BY position", argument: status, db)
    }

    private static func read(_ sql: String, argument: String? = nil, _ db: Database) throws -> [Int32] {
        let statement = try BulkStatement(sql, db)
        if let argument { statement.bindUpToNUL(argument, at: 1) }
        var positions: [Int32] = []
        try statement.forEach { positions.append(Int32(truncatingIfNeeded: $0.int(at: 0))) }
        return positions
    }
}
