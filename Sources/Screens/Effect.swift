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
    /// Run a search (empty query: everything) under a status filter, in a
    /// sort order. With `keeping`, the selection stays on that delivery when it
    /// is still listed, else goes to the nearest listed one by position;
    /// without, it goes to the first row.
    case search(query: String, status: StatusFilter, sort: DeliveryOrder = .manifest, keeping: String? = nil)
    /// Draw the whole screen again (Ctrl-L), not only what changed.
    case repaint
    /// Put text on the terminal's clipboard (OSC 52).
    case copyToClipboard(String)
    /// Open a URL with the system's opener (`xdg-open`), if there is one.
    case open(url: String)
}
