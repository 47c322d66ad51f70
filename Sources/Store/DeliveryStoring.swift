import Foundation
import Manifest
import Model

/// What the program needs of a deliveries store: the SQLite file
/// (`DeliveryStore`), a person's own or a team database's local replica
/// (the screens never read the team's server directly).
///
/// The screens and the row engine never see this: they read rows through the
/// `DeliverySource` that `deliveries()` and `search(_:status:)` give, and the
/// commands and the browse session hold `any DeliveryStoring`.
public protocol DeliveryStoring: AnyObject, Sendable {
    /// The lazy rows this store gives the screens.
    associatedtype Rows: DeliverySource

    /// Where the store is, fit to print: a file path, or a URL with its password removed.
    var location: String { get }

    /// How many deliveries the store holds.
    func count() throws(StoreError) -> Int
    /// Every delivery, in import order, read lazily.
    func deliveries() throws(StoreError) -> Rows
    /// The deliveries matching `text` (every word; case and Latin accents
    /// ignored) whose status passes `filter`, in `sort` order, read lazily.
    func search(_ text: String, status filter: StatusFilter, sort: DeliveryOrder) throws(StoreError) -> Rows
    /// Deliveries per status among those `text` finds (all for empty text).
    func statusCounts(matching text: String) throws(StoreError) -> StatusCounts
    /// Hands every delivery `search(text, status:)` lists to `body`, in store
    /// order, streamed from one consistent snapshot (never all held at once).
    /// Throws what `body` throws, or `StoreError`.
    func forEachDelivery(matching text: String, status filter: StatusFilter, _ body: (Delivery) throws -> Void) throws
    /// The deliveries late at `now` (not delivered, their window ended earlier today), in store order.
    func lateDeliveries(at now: TimeOfDay) throws(StoreError) -> [Delivery]
    /// The delivery with `id`, or nil.
    func delivery(id: String) throws(StoreError) -> Delivery?
    /// The 0-based row of the delivery with `id` in `deliveries()`, or nil.
    func row(ofDeliveryID id: String) throws(StoreError) -> Int?
    /// Whether someone else changed the store since the last call; sources drop
    /// their cached pages when so.
    @discardableResult
    func refreshIfChangedElsewhere() throws(StoreError) -> Bool
    /// Saves a status at once and logs it as `author`'s; nil when the delivery already had it.
    @discardableResult
    func setStatus(_ status: DeliveryStatus, forDeliveryID id: String, by author: ChangeAuthor) throws(StoreError) -> StatusChange?
    /// Undoes `author`'s last status change (of `deliveryID` only, when
    /// given), never over someone else's newer change.
    @discardableResult
    func undoLastChange(by author: ChangeAuthor, ofDeliveryID deliveryID: String?) throws(StoreError) -> UndoOutcome
    /// Checks the whole manifest, then adds or updates its deliveries by id atomically.
    @discardableResult
    func importManifest(
        at url: URL, reader: ManifestReader, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary
    /// Imports the manifest unless this store already imported it unchanged.
    @discardableResult
    func importManifestIfChanged(
        at url: URL, reader: ManifestReader, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary

    /// Lets go of the store now (on an error path, before the program exits).
    func close()
}

extension DeliveryStoring {
    public func close() {}

    /// One count per status, each the size of a filtered search: a store
    /// with a faster way (SQLite keeps counts by trigger) says so itself.
    public func statusCounts(matching text: String) throws(StoreError) -> StatusCounts {
        var counts = StatusCounts()
        for filter in StatusFilter.allCases {
            guard let status = filter.status else { continue }
            counts[status] = try search(text, status: filter, sort: .manifest).count
        }
        return counts
    }
}

extension DeliveryStore: DeliveryStoring {
    public var location: String { url.path }
}
