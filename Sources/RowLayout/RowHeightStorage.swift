#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw per-row arrays behind a `RowHeightIndex`: 14 bytes a row.
///
/// One block, mapped straight from the kernel (`mmap`) for large lists, so
/// that a million-row index costs nothing until a row is touched: pages are
/// handed out zeroed and lazily, whatever the allocator did with memory
/// freed before (glibc's `calloc` would clear re-used memory row by row).
/// A zero generation means "never written". Only `RowHeightIndex` mutates
/// it, and only after making it unique (copy on write), which is why it may
/// be `@unchecked Sendable`.
final class RowHeightStorage: @unchecked Sendable {
    let count: Int
    /// Fenwick tree nodes 1...count of height deltas against the base estimate.
    let treeSums: UnsafeMutablePointer<Int32>
    /// One record a row: indexed height and generation, cached height and context.
    let rows: UnsafeMutablePointer<RowHeightRecord>
    /// The generation each tree node was last written in; a stale node counts as zero.
    let treeGenerations: UnsafeMutablePointer<UInt16>

    /// Bytes allocated for `count` rows (what the 16-bytes-a-row budget counts).
    let allocatedBytes: Int
    private let block: UnsafeMutableRawPointer
    private let isMapped: Bool

    /// Blocks at least this large are mapped from the kernel rather than allocated.
    private static let mappingThreshold = 1 << 16

    init(count: Int) {
        self.count = count
        let slots = count + 1
        allocatedBytes = slots * MemoryLayout<Int32>.stride + count * MemoryLayout<RowHeightRecord>.stride
            + slots * MemoryLayout<UInt16>.stride
        isMapped = allocatedBytes >= Self.mappingThreshold
        block = Self.allocateZeroed(allocatedBytes, mapped: isMapped)
        var cursor = block
        func carve<T>(_ type: T.Type, _ n: Int) -> UnsafeMutablePointer<T> {
            let pointer = cursor.bindMemory(to: T.self, capacity: n)
            cursor += n * MemoryLayout<T>.stride
            return pointer
        }
        treeSums = carve(Int32.self, slots)
        rows = carve(RowHeightRecord.self, count)
        treeGenerations = carve(UInt16.self, slots)
    }

    /// A copy, for copy on write.
    convenience init(copying other: RowHeightStorage) {
        self.init(count: other.count)
        block.copyMemory(from: other.block, byteCount: allocatedBytes)
    }

    deinit {
        if isMapped {
            munmap(block, allocatedBytes)
        } else {
            free(block)
        }
    }

    /// Forgets every index entry and tree node (used when a 16-bit generation wraps).
    func clearGenerations() {
        for row in 0 ..< count { rows[row].indexGeneration = 0 }
        treeGenerations.update(repeating: 0, count: count + 1)
    }

    /// Forgets the whole height cache (used when 16-bit context tags run out).
    func clearCache() {
        for row in 0 ..< count { rows[row].cacheContext = 0 }
    }

    private static func allocateZeroed(_ bytes: Int, mapped: Bool) -> UnsafeMutableRawPointer {
        if mapped {
            let pointer = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let pointer, pointer != MAP_FAILED { return pointer }
        } else if let pointer = calloc(1, bytes) {
            return pointer
        }
        fatalError("RowLayout: cannot allocate \(bytes) bytes for row heights")
    }
}
