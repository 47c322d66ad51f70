/// The three ways to size rows from the Dynamic Type article.
public enum RowHeightStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// One height for every row (`rowHeight`); content that does not fit is truncated.
    case fixed
    /// Every row measured up front (`heightForRowAt`); always exact, slow at large N.
    case exact
    /// Cheap estimates, exact measurement when a row comes on screen (`estimatedRowHeight`).
    case estimated
}
