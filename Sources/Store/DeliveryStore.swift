import Foundation
import GRDB
import Manifest
import Model
import Synchronization

/// The deliveries on disk: one SQLite file (WAL) that imports manifests, pages
/// rows to the screens, searches, and saves status changes at once.
///
/// Why SQLite: a million deliveries open instantly because nothing is loaded
/// until a screen asks for a row, and every status change is its own committed
/// transaction, so two instances on one store, or a `kill -9`, lose nothing.
///
/// The work is done by its parts, over one `StoreDatabase`: `DeliveryImporter`
/// (imports), `DeliverySearch` (searches, sorts, counts, exports) and
/// `StatusLog` (status changes and undo); this type opens the store and
/// answers for all of them.
///
///     let store = try DeliveryStore(url: StoreLocation.defaultURL())
///     try store.importManifest(at: manifestURL)
///     let rows = try store.deliveries()            // a lazy DeliverySource
///     try store.setStatus(.delivered, forDeliveryID: "DLV-0001")
public final class DeliveryStore: Sendable {
    /// How the store was opened.
    public let access: Access
    let database: StoreDatabase
    let importer: DeliveryImporter
    let finder: DeliverySearch
    let statusLog: StatusLog
    /// `PRAGMA data_version` when last asked, for `refreshIfChangedElsewhere`.
    private let lastDataVersion = Mutex<Int?>(nil)

    /// Whether this object may write.
    public enum Access: Sendable {
        /// Creates the store when missing, brings its schema up to date, writes.
        case readWrite
        /// Reads an existing store without writing anything, not even a
        /// schema update: for `render`, and for a file or folder that is read-only.
        case readOnly
    }

    /// Opens the store at `url`, creating the file, its folder and its tables when missing.
    /// With `.readOnly`, opens an existing store and never writes to it.
    public convenience init(url: URL, access: Access = .readWrite) throws(StoreError) {
        try self.init(url: url, listing: ResultListing(), access: access)
    }

    init(url: URL, listing: ResultListing, access: Access = .readWrite) throws(StoreError) {
        self.access = access
        database = try StoreDatabase(url: url, access: access)
        importer = DeliveryImporter(database: database)
        finder = DeliverySearch(database: database, listing: listing, keptTextOrders: KeptTextOrders())
        statusLog = StatusLog(database: database)
        if access == .readWrite {
            importer.discardAbandonedImport()
            // The version as opened: another process's commit before the first
            // look must count as a change, not become the version compared with.
            _ = try? refreshIfChangedElsewhere()
        }
    }

    /// Opens the store at `path`, or the default store (`StoreLocation.defaultURL()`) when nil.
    public convenience init(path: String?) throws(StoreError) {
        try self.init(url: path.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL())
    }

    /// The store file.
    public var url: URL { database.url }

    // MARK: - Reading

    /// How many deliveries the store holds (rows are contiguous, so this is a key lookup, not a scan).
    public func count() throws(StoreError) -> Int {
        try database.count()
    }

    public func keepViewForScreens() {
        database.keepViewForScreens()
    }

    /// Every delivery in the store, in import order, read lazily page by page.
    public func deliveries() throws(StoreError) -> StoredDeliveries {
        try finder.all()
    }

    /// The deliveries whose id, name or address contain every word of `text`
    /// anywhere, inside words too (`SubstringSearch`: case, diacritics and
    /// letters like ß and Ł folded; empty text matches all) and whose status passes
    /// `filter`. In import order, read lazily like `deliveries()`: the cost is
    /// counting the matches, not loading them.
    public func search(_ text: String, status filter: StatusFilter = .all, sort: DeliveryOrder = .manifest) throws(StoreError) -> StoredDeliveries {
        try finder.search(text, status: filter, sort: sort)
    }

    /// Deliveries per status among those `text` finds (all deliveries for
    /// empty text), counted by SQLite.
    public func statusCounts(matching text: String = "") throws(StoreError) -> StatusCounts {
        try finder.statusCounts(matching: text)
    }

    /// The deliveries late at `now`: not delivered, and their window ended
    /// earlier today. In store order.
    public func lateDeliveries(at now: TimeOfDay) throws(StoreError) -> [Delivery] {
        try finder.lateDeliveries(at: now)
    }

    /// Reads every row's order of each sort order from its index and keeps
    /// it (the text orders until the texts change, the status order until
    /// the next write), so that a first `s` finds its list read.
    public func readSortOrdersAhead() throws(StoreError) {
        try finder.readSortOrdersAhead()
    }

    /// Hands every delivery `search(text, status:)` lists to `body`, in store
    /// order, through one cursor in one read snapshot. Throws what `body` throws, or `StoreError`.
    public func forEachDelivery(
        matching text: String = "", status filter: StatusFilter = .all, _ body: (Delivery) throws -> Void
    ) throws {
        try finder.forEachDelivery(matching: text, status: filter, body)
    }

    /// The delivery with `id`, or nil.
    public func delivery(id: String) throws(StoreError) -> Delivery? {
        try database.read { db in
            try DeliveryColumns.fetchCursor(db, "WHERE id = ?", arguments: [id]).next()?.delivery
        }
    }

    /// The 0-based row of the delivery with `id` in `deliveries()`, or nil.
    public func row(ofDeliveryID id: String) throws(StoreError) -> Int? {
        try database.row(ofDeliveryID: id)
    }

    /// Whether another process has committed to the store since the last call
    /// (or since opening). When it has, this object's sources drop their cached
    /// pages; call it now and then (e.g. on each key or an idle tick) to show
    /// another instance's status changes.
    @discardableResult
    public func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        let changed: Bool = try database.write(transaction: false) { db in
            // data_version on one connection moves only for other connections' commits.
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            return lastDataVersion.withLock { last in
                defer { last = version }
                return last != nil && last != version
            }
        }
        if changed {
            database.advanceGeneration()
            // Another process's commit may have been an import: the text orders are read again.
            finder.keptTextOrders.textsChanged()
        }
        return changed
    }

    // MARK: - Status changes

    /// Sets the status of the delivery with `id` and saves it at once, logging
    /// the change as `author`'s. Returns nil when it already had that
    /// status (nothing is logged). Throws `.unknownDelivery` for an unknown id.
    @discardableResult
    public func setStatus(
        _ status: DeliveryStatus, forDeliveryID id: String, by author: ChangeAuthor = .commandLine
    ) throws(StoreError) -> StatusChange? {
        try statusLog.setStatus(status, forDeliveryID: id, by: author)
    }

    /// Takes back `author`'s last status change (of the delivery
    /// `deliveryID`, when given) not yet taken back, before or after a
    /// restart; refused, saying why, when someone else changed that delivery since.
    @discardableResult
    public func undoLastChange(
        by author: ChangeAuthor = .commandLine, ofDeliveryID deliveryID: String? = nil
    ) throws(StoreError) -> UndoOutcome {
        try statusLog.undoLastChange(by: author, ofDeliveryID: deliveryID)
    }

    // MARK: - Imports

    /// Validates the whole manifest at `url`, then upserts its deliveries by
    /// id (`DeliveryImporter`): nothing is written when validation fails, and
    /// readers see the store before the import or after it, never between.
    /// Throws `ManifestError` (bad or missing file) or `StoreError`.
    @discardableResult
    public func importManifest(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        let summary = try importer.importManifest(at: url, reader: reader, progress: progress)
        finder.keptTextOrders.textsChanged()
        return summary
    }

    /// Imports the manifest at `url` unless this store already imported it
    /// unchanged (the same path with the same SHA-256 of its bytes).
    @discardableResult
    public func importManifestIfChanged(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        let summary = try importer.importManifestIfChanged(at: url, reader: reader, progress: progress)
        // A failed import changes nothing, and one skipped as unchanged neither: the kept orders stand.
        if summary.performed { finder.keptTextOrders.textsChanged() }
        return summary
    }

    /// Closes every connection now, so SQLite removes the -wal and -shm files
    /// before the program exits (`StoreDatabase.close`).
    public func close() {
        database.close()
    }
}
