#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw per-row arrays behind a `RowHeightIndex`: 14 bytes a row.
///
/// Allocated with `calloc` so that a million-row index costs nothing until a
/// row is touched: the kernel hands out zero pages lazily, and a zero
/// generation means "never written". Only `RowHeightIndex` mutates it, and
/// only after making it unique (copy on write), which is why it may be
/// `@unchecked Sendable`.
final class RowHeightStorage: @unchecked Sendable {
    let count: Int
    /// The height the index holds for a row; bit 15 marks it exact.
    let indexHeights: UnsafeMutablePointer<UInt16>
    /// The generation `indexHeights[row]` belongs to; any other means "base estimate".
    let indexGenerations: UnsafeMutablePointer<UInt16>
    /// The last exact height measured for a row, whatever the current context.
    let cacheHeights: UnsafeMutablePointer<UInt16>
    /// The context tag (width and category) `cacheHeights[row]` was measured in; 0 is none.
    let cacheContexts: UnsafeMutablePointer<UInt16>
    /// Fenwick tree nodes 1...count of height deltas against the base estimate.
    let treeSums: UnsafeMutablePointer<Int32>
    /// The generation each tree node was last written in; a stale node counts as zero.
    let treeGenerations: UnsafeMutablePointer<UInt16>

    init(count: Int) {
        self.count = count
        indexHeights = Self.zeroed(count)
        indexGenerations = Self.zeroed(count)
        cacheHeights = Self.zeroed(count)
        cacheContexts = Self.zeroed(count)
        treeSums = Self.zeroed(count + 1)
        treeGenerations = Self.zeroed(count + 1)
    }

    /// A copy, for copy on write.
    convenience init(copying other: RowHeightStorage) {
        self.init(count: other.count)
        let n = other.count
        indexHeights.update(from: other.indexHeights, count: n)
        indexGenerations.update(from: other.indexGenerations, count: n)
        cacheHeights.update(from: other.cacheHeights, count: n)
        cacheContexts.update(from: other.cacheContexts, count: n)
        treeSums.update(from: other.treeSums, count: n + 1)
        treeGenerations.update(from: other.treeGenerations, count: n + 1)
    }

    deinit {
        free(indexHeights)
        free(indexGenerations)
        free(cacheHeights)
        free(cacheContexts)
        free(treeSums)
        free(treeGenerations)
    }

    /// Bytes allocated for `count` rows (what the 16-bytes-a-row budget counts).
    var allocatedBytes: Int {
        count * (4 * MemoryLayout<UInt16>.stride)
            + (count + 1) * (MemoryLayout<Int32>.stride + MemoryLayout<UInt16>.stride)
    }

    /// Forgets every index entry and tree node (used when a 16-bit generation wraps).
    func clearGenerations() {
        indexGenerations.update(repeating: 0, count: count)
        treeGenerations.update(repeating: 0, count: count + 1)
    }

    /// Forgets the whole height cache (used when 16-bit context tags run out).
    func clearCache() {
        cacheContexts.update(repeating: 0, count: count)
    }

    private static func zeroed<T>(_ count: Int) -> UnsafeMutablePointer<T> {
        let bytes = max(1, count) * MemoryLayout<T>.stride
        guard let raw = calloc(1, bytes) else { fatalError("RowLayout: cannot allocate \(bytes) bytes") }
        return raw.bindMemory(to: T.self, capacity: max(1, count))
    }
}
