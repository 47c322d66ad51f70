/// The three ways to size rows from the Dynamic Type article.
public enum RowHeightStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// One height for every row (`rowHeight`); content that does not fit is truncated.
    case fixed
    /// Every row measured up front (`heightForRowAt`); always exact, slow at large N.
    case exact
    /// Cheap estimates, exact measurement when a row comes on screen (`estimatedRowHeight`).
    case estimated
}

extension RowHeightStrategy {
    /// Lists this short are measured up front even when estimating: it costs
    /// well under a millisecond, and an estimate that is corrected later
    /// moves the scrollbar and makes the live screen differ from `render`.
    public static let measuredUpFrontBelow = 2_000

    /// The strategy a list of `rowCount` rows is laid out with.
    public func effective(forRowCount rowCount: Int) -> RowHeightStrategy {
        self == .estimated && rowCount <= Self.measuredUpFrontBelow ? .exact : self
    }
}
