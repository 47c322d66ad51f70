import Model
import Typesetting

/// Work a key asks for that is not a change of state: the runtime performs it
/// (Bubble Tea's commands), so `handle(_:)` stays pure.
public enum Effect: Sendable, Hashable {
    case quit
    /// Persist the text-size choice for the next run.
    case saveTextSize(ContentSizeCategory)
    /// Save a status change, then give the screens the updated source.
    case setStatus(deliveryID: String, status: DeliveryStatus)
    /// Revert the most recent status change.
    case undoStatusChange
    /// Run a search (empty query: everything) under a status filter.
    case search(query: String, status: StatusFilter)
}
