/// A deliveries store as opened by the program, whatever it is used for:
/// where it is and letting go of it. Each role (`DeliveryReading`,
/// `DeliverySearching`, `StatusWriting`, `ManifestImporting`) refines it, and
/// a caller takes the narrowest role it needs.
public protocol OpenedStore: AnyObject, Sendable {
    /// Where the store is, fit to print: a file path, or a URL with its password removed.
    var location: String { get }
    /// Lets go of the store now (on an error path, before the program exits).
    func close()
}
