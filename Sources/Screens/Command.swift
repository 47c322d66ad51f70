import Model
import Typesetting

/// Work `AppState.update(_:)` asks the runtime to do: everything that touches
/// the world (the store, the terminal, files, timers, other programs).
///
/// Bubble Tea's commands: `update` stays pure because it only *asks*; the
/// runtime does the work and sends what came of it back as a `Message`
/// (the reply is named beside each case). A test asserts the commands a
/// message script produced and feeds back the messages a runtime would.
public enum Command: Sendable, Hashable {
    /// Stop, restoring the terminal; queued status changes are saved first.
    case quit
    /// Stop as `quit` does, then exit as a death by this signal (128 + it).
    case quitAfterSignal(Int32)
    /// Give the terminal back and stop the process until `fg` (Ctrl-Z);
    /// then `.resized` with the size the terminal has on return.
    case suspend
    /// Draw the whole screen again (Ctrl-L), not only what changed.
    case repaint
    /// Remember the text size for the next run; `.textSizeNotSaved` on failure.
    case saveTextSize(ContentSizeCategory)
    /// Read the rows of a search from the store: `.searched`.
    case search(SearchRequest)
    /// Make the rows shown (the ones `request` found) all cheaply readable,
    /// off the loop: `.rowsLearnt`.
    case learnRemainingRows(SearchRequest)
    /// Open the fonts, draw the rows and measure the list at the text sizes
    /// next to this one (and the list's own full layout when it waits for
    /// it), off the loop; the newest request only: `.sizesPrepared`.
    case prepareSizes(SizesAhead)
    /// Count the deliveries per status that `query` finds: `.counted`.
    case countStatuses(query: String)
    /// Save a status change in the background (the store may be locked by an
    /// import for seconds): `.statusSaved` once written.
    case saveStatus(StatusRequest)
    /// Read one delivery as the store now has it: `.deliveryRead`.
    case readDelivery(id: String)
    /// Send `.noticeExpired(serial)` once the notice has been up long enough.
    case startNoticeTimer(serial: Int)
    /// Put text on the terminal's clipboard (OSC 52).
    case copyToClipboard(String)
    /// Open a URL with the system's opener (`xdg-open`): `.openFailed` when none can.
    case open(url: String)
    /// The refused change `changeID` has been looked at by its maker: it is
    /// no longer shown (the sync engine marks it seen in the replica).
    case lookedAtConflict(changeID: String)
}

extension Command {
    /// Whether this is a `prepareSizes`.
    var preparesSizes: Bool {
        if case .prepareSizes = self { true } else { false }
    }
}
