/// What an import did: how many deliveries the manifest had, how many were new.
public struct ImportSummary: Sendable, Hashable {
    /// Deliveries in the manifest.
    public var deliveries: Int
    /// Deliveries whose id was not in the store before.
    public var added: Int
    /// Deliveries already in the store that the manifest changed, updated in
    /// place (their row and, unless the manifest changed it, their saved status are kept).
    public var updated: Int { deliveries - added - (unchanged ?? 0) }
    /// Deliveries already in the store just as the manifest has them; nil when
    /// the import did not tell (a large manifest's staged import writes every row anew).
    public var unchanged: Int?
    /// Rows in the store afterwards.
    public var storeCount: Int
    /// False when the manifest was unchanged since its last import and was skipped.
    public var performed: Bool

    public init(deliveries: Int, added: Int, unchanged: Int? = nil, storeCount: Int, performed: Bool = true) {
        self.deliveries = deliveries
        self.added = added
        self.unchanged = unchanged
        self.storeCount = storeCount
        self.performed = performed
    }
}
