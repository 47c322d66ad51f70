import Model

/// Finding deliveries in a store: searches in an order, counts per status,
/// the late ones, and every match streamed (export).
public protocol DeliverySearching: OpenedStore {
    /// The lazy rows this store gives the screens.
    associatedtype Rows: DeliverySource

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
    /// Reads what a first sort of every row needs and keeps it, so that the
    /// sort does not wait for it: for a worker at start, off the key path.
    func readSortOrdersAhead() throws(StoreError)
}

extension DeliverySearching {
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
