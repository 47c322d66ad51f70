import Model

/// Deliveries with their places in a store, as a store's list gives them
/// (`DeliverySource.storePlaces`): for the screens' handling of the same
/// rows sorted another way.
struct PlacedRows: DeliverySource {
    let rows: InMemoryDeliveries
    let places: [Int32]?

    var count: Int { rows.count }
    func delivery(at index: Int) -> Delivery { rows.delivery(at: index) }
    func textLengths(at index: Int) -> TextLengths { rows.textLengths(at: index) }
    func row(nearestTo id: String) -> Int? { rows.row(nearestTo: id) }
    var storePlaces: [Int32]? { places }

    /// `rows` in their own order, each at its place in a store (1-based).
    init(_ rows: InMemoryDeliveries) {
        self.rows = rows
        places = (0 ..< rows.count).map { Int32($0 + 1) }
    }

    /// The rows of `manifest` at `order` (indices into it), with or without their places.
    init(_ manifest: InMemoryDeliveries, at order: [Int], placed: Bool = true) {
        rows = InMemoryDeliveries(order.map(manifest.delivery(at:)))
        places = placed ? order.map { Int32($0 + 1) } : nil
    }
}
