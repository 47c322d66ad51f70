/// Row heights and their running offsets for up to millions of rows, with
/// O(log n) offsets and O(1) invalidation when the text size or width changes.
///
/// Every row's height is either *indexed* in the current generation (a
/// per-row estimate, or an exact measurement) or, by default, its share of a
/// uniform *base* estimate: row `i` gets `floor((i+1)·b) − floor(i·b)` lines for
/// a fractional base `b`, so unindexed rows tile exactly. A Fenwick tree holds
/// only the differences from that base. Each tree node and each row entry is
/// tagged with the generation it was written in, and anything from an older
/// generation reads as zero; so starting a new generation (a `+`/`-` step, a
/// resize) is O(1), and the tree fills in lazily as rows are measured.
///
/// A second per-row slot caches the last exact height with the context
/// (width, category) it was measured in, so coming back to a context re-uses
/// measurements instead of typesetting again.
struct RowHeightIndex {
    /// Base estimate in 1/256 lines.
    private(set) var baseQ: Int64 = 256
    private(set) var generation: UInt16 = 1
    /// Sum over indexed rows of (indexed height − base share).
    private(set) var deltaTotal: Int64 = 0
    /// Rows indexed in this generation (estimated or exact).
    private(set) var indexedCount = 0
    /// Rows whose indexed height is exact in this generation.
    private(set) var exactCount = 0
    /// The tallest height a row may have without the tree's 32-bit sums overflowing.
    let maxHeight: Int
    let count: Int
    private var storage: RowHeightStorage

    private static let exactFlag: UInt16 = 0x8000

    init(count: Int) {
        self.count = max(0, count)
        maxHeight = max(1, min(0x7FFF, Int(Int32.max) / max(1, count)))
        storage = RowHeightStorage(count: self.count)
    }

    var allocatedBytes: Int { storage.allocatedBytes }

    func clamped(_ height: Int) -> Int { min(max(1, height), maxHeight) }

    // MARK: - Generations

    /// Forgets every indexed height and starts over from a uniform base of
    /// `baseQ`/256 lines a row, in O(1).
    mutating func startGeneration(baseQ newBase: Int64) {
        makeUnique()
        if generation == UInt16.max {
            storage.clearGenerations()
            generation = 1
        } else {
            generation += 1
        }
        baseQ = min(max(256, newBase), Int64(maxHeight) * 256)
        deltaTotal = 0
        indexedCount = 0
        exactCount = 0
    }

    // MARK: - Reading

    /// Content lines above row `i` from the base estimate alone.
    @inline(__always) func baseOffset(_ i: Int) -> Int64 { (Int64(i) &* baseQ) >> 8 }

    @inline(__always) func baseShare(ofRow row: Int) -> Int { Int(baseOffset(row + 1) - baseOffset(row)) }

    @inline(__always) func isIndexed(_ row: Int) -> Bool { storage.rows[row].indexGeneration == generation }

    func isExact(_ row: Int) -> Bool {
        isIndexed(row) && storage.rows[row].indexHeight & Self.exactFlag != 0
    }

    /// The height the offsets currently count for `row`.
    @inline(__always) func height(ofRow row: Int) -> Int {
        isIndexed(row) ? Int(storage.rows[row].indexHeight & ~Self.exactFlag) : baseShare(ofRow: row)
    }

    var totalHeight: Int { Int(baseOffset(count) + deltaTotal) }

    /// Content lines above `row` (0 ... count).
    func offset(ofRow row: Int) -> Int {
        let row = min(max(0, row), count)
        var sum: Int64 = 0
        var node = row
        let sums = storage.treeSums, gens = storage.treeGenerations
        while node > 0 {
            if gens[node] == generation { sum += Int64(sums[node]) }
            node &= node - 1
        }
        return Int(baseOffset(row) + sum)
    }

    /// The last row whose top is at or above content line `y`, and how far
    /// into it `y` is. O(log n): a Fenwick descent where each node's range
    /// adds its base share and its stored delta.
    func row(atOffset y: Int) -> (row: Int, linesIntoRow: Int) {
        guard count > 0 else { return (0, 0) }
        let target = Int64(max(0, y))
        var position = 0
        var deltaSoFar: Int64 = 0
        var step = 1
        while step <= count / 2 { step <<= 1 }
        let sums = storage.treeSums, gens = storage.treeGenerations
        while step > 0 {
            let next = position + step
            if next <= count {
                let nodeDelta: Int64 = gens[next] == generation ? Int64(sums[next]) : 0
                if baseOffset(next) + deltaSoFar + nodeDelta <= target {
                    position = next
                    deltaSoFar += nodeDelta
                }
            }
            step >>= 1
        }
        let row = min(position, count - 1)
        let top = row == position ? baseOffset(position) + deltaSoFar : Int64(offset(ofRow: row))
        return (row, Int(target - top))
    }

    // MARK: - Writing

    /// Records `height` for `row` in this generation; returns the change in the
    /// row's counted height.
    @discardableResult
    mutating func set(row: Int, height: Int, exact: Bool) -> Int {
        makeUnique()
        let height = clamped(height)
        let wasIndexed = isIndexed(row)
        let wasExact = wasIndexed && storage.rows[row].indexHeight & Self.exactFlag != 0
        let old = self.height(ofRow: row)
        storage.rows[row].indexHeight = UInt16(height) | (exact ? Self.exactFlag : 0)
        storage.rows[row].indexGeneration = generation
        if !wasIndexed { indexedCount += 1 }
        if exact != wasExact { exactCount += exact ? 1 : -1 }
        let delta = height - old
        if delta != 0 { addToTree(row: row, delta: Int32(delta)) }
        return delta
    }

    private mutating func addToTree(row: Int, delta: Int32) {
        deltaTotal += Int64(delta)
        let sums = storage.treeSums, gens = storage.treeGenerations
        var node = row + 1
        while node <= count {
            if gens[node] != generation {
                gens[node] = generation
                sums[node] = 0
            }
            sums[node] &+= delta
            node += node & -node
        }
    }

    /// Indexes every row at once, exactly, in O(n) (the `exact` strategy).
    /// `height` gives each row's height, already clamped.
    mutating func indexAllExactly(_ height: (Int) -> Int) {
        makeUnique()
        baseQ = 256
        let n = count
        let rows = storage.rows
        let sums = storage.treeSums, treeGens = storage.treeGenerations
        var total: Int64 = 0
        for row in 0 ..< n {
            let h = height(row)
            rows[row].indexHeight = UInt16(h) | Self.exactFlag
            rows[row].indexGeneration = generation
            sums[row + 1] = Int32(h - 1)
            treeGens[row + 1] = generation
            total += Int64(h - 1)
        }
        // Linear-time Fenwick construction: push each node into its parent.
        var node = 1
        while node <= n {
            let parent = node + (node & -node)
            if parent <= n { sums[parent] &+= sums[node] }
            node += 1
        }
        deltaTotal = total
        indexedCount = n
        exactCount = n
    }

    // MARK: - Cache

    func cachedHeight(ofRow row: Int, contextTag: UInt16) -> Int? {
        let record = storage.rows[row]
        guard record.cacheContext == contextTag, record.cacheHeight != 0 else { return nil }
        return Int(record.cacheHeight)
    }

    mutating func cache(height: Int, ofRow row: Int, contextTag: UInt16) {
        makeUnique()
        storage.rows[row].cacheHeight = UInt16(clamped(height))
        storage.rows[row].cacheContext = contextTag
    }

    mutating func clearCache() {
        makeUnique()
        storage.clearCache()
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = RowHeightStorage(copying: storage)
        }
    }
}
