/// Everything the program does with a deliveries store: the SQLite file
/// (`DeliveryStore`), a person's own or a team database's local replica
/// (the screens never read the team's server directly). One protocol per
/// role; a caller takes the narrowest it needs (the status writer
/// `StatusWriting`, an import `ManifestImporting`, an export or a summary
/// `DeliverySearching`, browsing `DeliveryReading & DeliverySearching`).
///
/// The screens and the row engine never see these: they read rows through the
/// `DeliverySource` that `deliveries()` and `search(_:status:sort:)` give.
public protocol DeliveryStoring: DeliveryReading, DeliverySearching, StatusWriting, ManifestImporting {}

extension DeliveryStore: DeliveryStoring {
    public var location: String { url.path }
}
