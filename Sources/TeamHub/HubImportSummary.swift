/// What an import into the hub did, counted by what really changed.
public struct HubImportSummary: Sendable, Hashable {
    /// Deliveries in the manifest.
    public let deliveries: Int
    /// Deliveries whose id the hub did not have.
    public let added: Int
    /// Deliveries the hub had whose content the manifest changed (a name, an address, a status it gave, ...).
    public let changed: Int
    /// Deliveries on the hub afterwards.
    public let hubCount: Int
    /// False when the manifest's bytes were those of the hub's last import, and nothing was done.
    public let performed: Bool

    /// Deliveries the hub had exactly as the manifest has them.
    public var unchanged: Int { deliveries - added - changed }

    public init(deliveries: Int, added: Int, changed: Int, hubCount: Int, performed: Bool) {
        self.deliveries = deliveries
        self.added = added
        self.changed = changed
        self.hubCount = hubCount
        self.performed = performed
    }
}
