import Model

/// The store's orders, defined in one place: the ORDER BY SQLite sorts rows
/// by, and the same order for deliveries already read into memory (the late
/// view), so that a list shows one order whichever way it was read.
///
/// Names compare as SQLite's NOCASE collation does: byte by byte through
/// the UTF-8, only ASCII A–Z folded (to a–z), then the shorter first. Not
/// as `lowercased()` does, which folds all of Unicode: to NOCASE "Ängel"
/// and "ängel" are two names, in byte order. Windows compare as BINARY
/// does (the UTF-8 bytes). Position, the last term of every ORDER BY,
/// breaks ties.
public enum StoreOrdering {
    /// The SQL ordering for `order` (position breaks ties, so the order is
    /// total and stable), for the matches of a search; every row's order is
    /// read from its index instead (`IndexedOrder`), in the same order.
    static func sql(_ order: DeliveryOrder) -> String {
        switch order {
        case .manifest: "position"
        case .window: "window IS NULL OR window = '', window, position"
        case .name: "name COLLATE NOCASE, position"
        case .status:
            "CASE status "
                + IndexedOrder.statusSequence.dropLast().enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset) " }.joined()
                + "ELSE \(IndexedOrder.statusSequence.count - 1) END, position"
        }
    }

    /// Orders deliveries given in store order (by position) as `sql(order)`
    /// orders their rows: among equals, store order stays.
    public static func sort(_ deliveries: inout [Delivery], by order: DeliveryOrder) {
        // Each row's terms before position: a rank, then text in a collation.
        let key: (Delivery) -> (rank: Int, text: [UInt8])
        let collation: ([UInt8], [UInt8]) -> Int
        switch order {
        case .manifest: return
        case .window:
            // Those with a window first, then NULL, then ''.
            key = { ($0.window == nil ? 1 : $0.window == "" ? 2 : 0, Array(($0.window ?? "").utf8)) }
            collation = binaryCompare
        case .name:
            key = { (0, Array($0.name.utf8)) }
            collation = nocaseCompare
        case .status:
            let sequence = IndexedOrder.statusSequence
            key = { (sequence.firstIndex(of: $0.status) ?? sequence.count, []) }
            collation = binaryCompare
        }
        deliveries = deliveries.enumerated()
            .map { (key: key($0.element), position: $0.offset, delivery: $0.element) }
            .sorted { first, second in
                guard first.key.rank == second.key.rank else { return first.key.rank < second.key.rank }
                let compared = collation(first.key.text, second.key.text)
                return compared < 0 || (compared == 0 && first.position < second.position)
            }
            .map(\.delivery)
    }

    /// SQLite's NOCASE collation (`nocaseCollatingFunc`, `sqlite3StrNICmp`):
    /// negative, zero or positive as `first` sorts before, with or after
    /// `second`. Bytes compare with A–Z as a–z, up to the shorter length or
    /// a NUL in `first`; when no byte differs there, the shorter is first.
    static func nocaseCompare(_ first: [UInt8], _ second: [UInt8]) -> Int {
        let fold = { (byte: UInt8) -> Int in Int(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        for index in 0 ..< min(first.count, second.count) {
            let difference = fold(first[index]) - fold(second[index])
            if difference != 0 || first[index] == 0 { return difference != 0 ? difference : first.count - second.count }
        }
        return first.count - second.count
    }

    /// SQLite's BINARY collation: `memcmp` up to the shorter length, then the shorter first.
    static func binaryCompare(_ first: [UInt8], _ second: [UInt8]) -> Int {
        for index in 0 ..< min(first.count, second.count) where first[index] != second[index] {
            return Int(first[index]) - Int(second[index])
        }
        return first.count - second.count
    }
}
