import Foundation
import Model

/// Every position in each text order (name, window), worked out from the
/// deliveries as an import reads them, in manifest order: each delivery's
/// key is looked up among the distinct keys met (`WordTable`), only the
/// distinct keys are sorted, and the positions are then placed by their
/// key's rank in one pass (a counting sort, so ties stay in position order).
///
/// At 10^6 deliveries with 19,102 distinct names and 6 distinct windows this
/// is linear work in this process, where sorting the rows in the server
/// cost it 1-2 s a list, and keeping an index in that order cost every
/// import 2.5-3 s of its CPU.
///
/// The orders are the stores' (`DeliverySearch.orderingSQL`,
/// `PostgresSearch.sortKey`): names folded in ASCII only and compared byte by
/// byte; windows compared byte by byte, those with none last (none before an
/// empty one); ties by position.
public struct TextOrderBuilder: Sendable {
    private var names = WordTable()
    private var windows = WordTable()
    /// Each delivery's key numbers, in position order.
    private var nameKeys: [Int32] = []
    private var windowKeys: [Int32] = []
    private var scratch: [UInt8] = []

    /// Room for about `deliveries` deliveries.
    public init(expecting deliveries: Int = 0) {
        nameKeys.reserveCapacity(deliveries)
        windowKeys.reserveCapacity(deliveries)
    }

    /// How many deliveries it holds.
    public var count: Int { nameKeys.count }

    /// Adds the next delivery (positions come one after another).
    public mutating func add(name: String, window: String?) {
        scratch.removeAll(keepingCapacity: true)
        for byte in name.utf8 { scratch.append((65...90).contains(byte) ? byte + 32 : byte) }
        nameKeys.append(Self.number(of: scratch, in: &names))
        scratch.removeAll(keepingCapacity: true)
        // The window's kind first: any text, then none, then an empty one.
        scratch.append(window == nil ? 1 : window?.isEmpty == true ? 2 : 0)
        scratch.append(contentsOf: (window ?? "").utf8)
        windowKeys.append(Self.number(of: scratch, in: &windows))
    }

    /// Adds the deliveries of `later` after all of these (another part of the same manifest, read apart).
    public mutating func append(_ later: TextOrderBuilder) {
        Self.append(later.nameKeys, of: later.names, to: &nameKeys, in: &names)
        Self.append(later.windowKeys, of: later.windows, to: &windowKeys, in: &windows)
    }

    /// Every position in `order` (name or window; any other is the name's),
    /// the deliveries numbered from `first` in the order they were added.
    public func positions(_ order: DeliveryOrder, first: Int32 = 1) -> [Int32] {
        let (table, keys) = order == .window ? (windows, windowKeys) : (names, nameKeys)
        // Each distinct key's rank among the keys, sorted by their bytes.
        let ranks: [Int] = table.bytes.withUnsafeBytes { all in
            func key(_ number: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: all[table.range(of: number)]) }
            let sorted = (0..<table.count).sorted { Self.precedes(key($0), key($1)) }
            var ranks = [Int](repeating: 0, count: table.count)
            for (rank, number) in sorted.enumerated() { ranks[number] = rank }
            return ranks
        }
        // Where each rank's positions begin, then the positions placed in turn.
        var starts = [Int](repeating: 0, count: table.count + 1)
        for key in keys { starts[ranks[Int(key)] + 1] += 1 }
        for rank in 0..<table.count { starts[rank + 1] += starts[rank] }
        var placed = [Int32](repeating: 0, count: keys.count)
        for (index, key) in keys.enumerated() {
            let rank = ranks[Int(key)]
            placed[starts[rank]] = first + Int32(truncatingIfNeeded: index)
            starts[rank] += 1
        }
        return placed
    }

    /// Whether `a` sorts before `b`, byte by byte, a prefix first.
    private static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let compared = memcmp(x, y, common)
            if compared != 0 { return compared < 0 }
        }
        return a.count < b.count
    }

    private static func number(of key: [UInt8], in table: inout WordTable) -> Int32 {
        key.withUnsafeBytes { Int32(truncatingIfNeeded: table.insert($0).number) }
    }

    private static func append(_ later: [Int32], of laterTable: WordTable, to keys: inout [Int32], in table: inout WordTable) {
        let renumbered: [Int32] = laterTable.bytes.withUnsafeBytes { all in
            (0..<laterTable.count).map { number in
                Int32(truncatingIfNeeded: table.insert(UnsafeRawBufferPointer(rebasing: all[laterTable.range(of: number)])).number)
            }
        }
        keys.append(contentsOf: later.lazy.map { renumbered[Int($0)] })
    }
}
