import Model
import Screens
import Store

/// The rows of the late view (`L`): the deliveries a search lists that are
/// late at a time of day, in the search's order.
///
/// Lateness depends on the clock, which no index knows, so the late
/// deliveries are read into memory: straight from the rows that can be late
/// for the whole list, else streamed through the search. Sorted as the
/// store sorts its rows (`StoreOrdering`), so the late view lists them in
/// the order the whole list does.
enum LateRows {
    static func rows(for request: SearchRequest, at now: TimeOfDay, in store: any DeliverySearching) throws(StoreError) -> InMemoryDeliveries {
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
        StoreOrdering.sort(&late, by: request.sort)
        return InMemoryDeliveries(late)
    }
}
