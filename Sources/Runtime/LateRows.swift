import Model
import Screens
import Store

/// The rows of the late view (`L`): the deliveries a search lists that are
/// late at a time of day, in the search's order.
///
/// Lateness depends on the clock, which no index knows, so the late
/// deliveries are read into memory: straight from the rows that can be late
/// for the whole list, else streamed through the search. Names sort as the
/// store's name order does (ignoring case), windows with the empty ones last.
enum LateRows {
    static func rows(for request: SearchRequest, at now: TimeOfDay, in store: any DeliveryStoring) throws(StoreError) -> InMemoryDeliveries {
        var late: [Delivery]
        if request.query.isEmpty, request.status == .all {
            late = try store.lateDeliveries(at: now)
        } else {
            var found: [Delivery] = []
            do {
                try store.forEachDelivery(matching: request.query, status: request.status) { delivery in
                    if delivery.isLate(at: now) { found.append(delivery) }
                }
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(kind: .inputOutput, path: store.location, reason: "reading the late deliveries: \(error)")
            }
            late = found
        }
        sort(&late, by: request.sort)
        return InMemoryDeliveries(late)
    }

    /// Orders deliveries already in store order by `order`, keeping store order among equals.
    static func sort(_ deliveries: inout [Delivery], by order: DeliveryOrder) {
        let key: (Delivery) -> [String]
        switch order {
        case .manifest: return
        case .window: key = { [($0.window ?? "").isEmpty ? "1" : "0", $0.window ?? ""] }
        case .name: key = { [$0.name.lowercased()] }
        case .status: key = { [String(DeliveryStatus.allCases.firstIndex(of: $0.status) ?? 0)] }
        }
        deliveries = deliveries.enumerated()
            .map { (key: key($0.element), index: $0.offset, delivery: $0.element) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.index < $1.index) }
            .map(\.delivery)
    }
}
