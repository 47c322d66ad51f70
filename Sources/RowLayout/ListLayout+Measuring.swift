extension ListLayout {
    // MARK: - Measuring

    /// `ahead`: the `exact` strategy's heights measured by a worker; when
    /// none fits and every row is not measured here (`measuresEveryRowHere`),
    /// the layout estimates like `estimated` until `takeExactHeights(_:)`.
    mutating func applyContext(ahead: [ExactHeights] = []) {
        contextTag = tag(for: context)
        exactHeights = nil
        switch strategy {
        case .fixed:
            index.startGeneration(baseQ: Int64(index.clamped(measurer.fixedHeight(in: context))) << 8)
        case .exact:
            if let heights = ahead.first(where: { $0.fit(rowCount: rowCount, context: context) }) {
                indexExactly(heights)
            } else if measuresEveryRowHere {
                indexExactly(ExactHeights(rowCount: rowCount, measurer: measurer, context: context))
            } else {
                startEstimatedGeneration()
                awaitsExactHeights = true
            }
        case .estimated:
            startEstimatedGeneration()
        }
    }

    /// Indexes every row at its measured height: the `exact` strategy's full layout.
    private mutating func indexExactly(_ heights: ExactHeights) {
        index.startGeneration(baseQ: 256)
        let maxHeight = index.maxHeight
        index.indexAllExactly { min(heights[$0], maxHeight) }
        awaitsExactHeights = false
        exactHeights = heights
    }

    /// Takes the `exact` strategy's full layout measured by a worker, when
    /// it is for these rows in this context and the layout still estimates;
    /// the view stays where it is (its rows were measured exactly already).
    /// Returns whether they were taken.
    @discardableResult
    public mutating func takeExactHeights(_ heights: ExactHeights) -> Bool {
        guard awaitsExactHeights, heights.fit(rowCount: rowCount, context: context) else { return false }
        indexExactly(heights)
        settle()
        return true
    }

    /// A new generation whose base is the mean exact height of an even sample
    /// of rows, and whose per-row estimates are scaled by how far the sample's
    /// estimates were off. O(sample), whatever the row count.
    mutating func startEstimatedGeneration() {
        let n = rowCount
        // Spread over the rows that are cheap to read (all of them, unless the
        // source finds rows lazily, like a large search result).
        let spread = max(1, min(n, measurer.cheaplyReadableRows))
        let k = min(n, Self.sampleSize)
        // The same rows at every context change, so the measurer can keep them.
        let rows = (0 ..< k).map { (2 * $0 + 1) * spread / (2 * k) }
        var exactSum = 0, estimateSum = 0
        // Measured without the height cache: in a large list each sample
        // row's record sits on its own page, and touching 32 fresh pages
        // of the lazily mapped index cost more than measuring them again.
        for sample in measurer.sampleHeights(ofRows: rows, in: context) {
            exactSum += index.clamped(sample.exact)
            estimateSum += index.clamped(sample.estimated)
        }
        let baseQ: Int64 = k > 0 ? (Int64(exactSum) * 256 + Int64(k / 2)) / Int64(k) : 256
        estimateCalibrationQ = estimateSum > 0 ? (Int64(exactSum) * 256 + Int64(estimateSum / 2)) / Int64(estimateSum) : 256
        index.startGeneration(baseQ: baseQ)
        estimateCursor = 0
        exactCursor = min(anchor.row, max(0, n - 1))
    }

    /// A measurer's estimate scaled by how far the sample's estimates were off.
    func calibrated(estimate: Int) -> Int {
        index.clamped(Int((Int64(index.clamped(estimate)) * estimateCalibrationQ + 128) >> 8))
    }

    /// The exact height of `row` in the current context, from the cache if it has it.
    mutating func measuredHeight(_ row: Int) -> Int {
        if strategy == .fixed { return index.height(ofRow: row) }
        if let cached = index.cachedHeight(ofRow: row, contextTag: contextTag) { return cached }
        let h = index.clamped(measurer.exactHeight(ofRow: row, in: context))
        index.cache(height: h, ofRow: row, contextTag: contextTag)
        return h
    }

    /// Measures `row` exactly and indexes it; returns its height.
    @discardableResult
    mutating func measure(_ row: Int) -> Int {
        if strategy == .fixed || index.isExact(row) { return index.height(ofRow: row) }
        let h = measuredHeight(row)
        index.set(row: row, height: h, exact: true)
        return h
    }

    mutating func tag(for context: LayoutContext) -> UInt16 {
        if let tag = contextTags[context] { return tag }
        if contextTags.count >= Int(UInt16.max) - 1 {
            contextTags = [:]
            index.clearCache()
        }
        let tag = UInt16(contextTags.count + 1)
        contextTags[context] = tag
        return tag
    }
}
