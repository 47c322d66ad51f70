import Model

/// Reading a store's deliveries as the screens browse them: every row,
/// lazily, and one delivery by id.
public protocol DeliveryReading: OpenedStore {
    /// The lazy rows this store gives the screens.
    associatedtype Rows: DeliverySource

    /// How many deliveries the store holds.
    func count() throws(StoreError) -> Int
    /// Every delivery, in import order, read lazily.
    func deliveries() throws(StoreError) -> Rows
    /// The delivery with `id`, or nil.
    func delivery(id: String) throws(StoreError) -> Delivery?
    /// The 0-based row of the delivery with `id` in `deliveries()`, or nil.
    func row(ofDeliveryID id: String) throws(StoreError) -> Int?
    /// Whether someone else changed the store since the last call; sources drop
    /// their cached pages when so (for the screens, when they hear of it).
    @discardableResult
    func refreshIfChangedElsewhere() throws(StoreError) -> Bool
    /// From now on what the rows read changes only when the screens handle
    /// the message that says the store changed (`DeliverySource.moveToLatest()`),
    /// not when this process writes.
    func keepViewForScreens()
}
