import Model
import Screens

/// Status changes and search over a manifest held in memory.
struct InMemoryBackend {
    private var all: [Delivery]
    private var undo: [(id: String, status: DeliveryStatus)] = []
    private var query = ""
    private var status: DeliveryStatus?

    init(source: InMemoryDeliveries) {
        all = source.deliveries
    }

    var source: InMemoryDeliveries {
        let needle = query.lowercased()
        return InMemoryDeliveries(all.filter { delivery in
            (status == nil || delivery.status == status)
                && (needle.isEmpty || [delivery.name, delivery.address.singleLine, delivery.id].contains { $0.lowercased().contains(needle) })
        })
    }

    mutating func perform(_ effect: Effect, on state: inout AppState) {
        switch effect {
        case .setStatus(let id, let newStatus):
            guard let index = all.firstIndex(where: { $0.id == id }) else { return }
            undo.append((id, all[index].status))
            all[index].status = newStatus
            state.replaceSource(source, keepingDeliveryID: id)
            state.refreshShipment(all[index])
            state.setNotice("\(all[index].name): \(newStatus.title)")
        case .undoStatusChange:
            guard let last = undo.popLast(), let index = all.firstIndex(where: { $0.id == last.id }) else {
                state.setNotice("Nothing to undo")
                return
            }
            all[index].status = last.status
            state.replaceSource(source, keepingDeliveryID: last.id)
            state.refreshShipment(all[index])
            state.setNotice("Undone: \(all[index].name) is \(last.status.title)")
        case .search(let newQuery, let newStatus):
            query = newQuery
            status = newStatus
            state.replaceSource(source, at: 0)
        case .quit, .saveTextSize:
            break
        }
    }
}
