import Canvas
import Input
import Model
import RowLayout

/// Everything that can happen to the program, as a value: what the terminal
/// reports, what the runtime's clock says, what came of a `Command`, and
/// what the store says unasked. `AppState.update(_:)` is the only thing that
/// turns one into a new state.
public enum Message: Sendable {
    // MARK: - From the terminal

    case key(Key)
    /// The terminal has this size now: after a resize, or back from a
    /// suspension (when everything is drawn again).
    case resized(Size)
    /// The terminal's cell is this many pixels now (its font was zoomed):
    /// text drawn as images is sized for it and the screen laid out again.
    case cellSizeChanged(CellPixelSize)
    /// SIGTSTP from another process: suspend as Ctrl-Z does.
    case suspendRequested
    /// A terminating signal (SIGINT, SIGTERM, SIGHUP, …) arrived.
    case terminated(signal: Int32)
    /// The terminal went away without a signal (its pty closed).
    case inputClosed

    // MARK: - From the runtime's clock

    /// No input for a tick (50 ms): time for work that would slow typing
    /// down, a slice of row-height refinement and the title bar's counts.
    case idle
    /// The notice with this serial (`AppState.noticeSerial`) has been up long
    /// enough (`Command.startNoticeTimer`).
    case noticeExpired(serial: Int)
    /// The time of day deliveries are late against (`--now` fixes it, else
    /// the clock's time, sent as the minute changes; nil: none).
    case clock(TimeOfDay?)

    // MARK: - What came of a command

    /// The rows a `Command.search` read, or why none could be.
    case searched(SearchRequest, Result<any DeliverySource, CommandFailure>)
    /// Every row `Command.learnRemainingRows` asked for is cheaply readable now (or could not be made so).
    case rowsLearnt(SearchRequest)
    /// What `Command.prepareSizes` measured: every row's height at each size it
    /// measured, when the list is measured up front (else none).
    case sizesPrepared(SizesAhead, [ExactHeights])
    /// The per-status counts of `Command.countStatuses` (nil: the store could not count).
    case counted(query: String, StatusCounts?)
    /// A `Command.saveStatus` was written, or failed.
    case statusSaved(StatusRequest, Result<StatusSave, CommandFailure>)
    /// A delivery as the store has it now (`Command.readDelivery`).
    case deliveryRead(Delivery)
    /// `Command.saveTextSize` failed.
    case textSizeNotSaved(CommandFailure)
    /// `Command.open` found no program to open the URL with.
    case openFailed

    // MARK: - From the store, unasked

    /// A status change waits for another process's write lock (an import).
    case storeBusy
    /// Another instance saved changes: what is shown must be read again.
    case storeChanged
    /// What the team store's sync engine says: the hub's link, changes
    /// waiting to be sent, refused changes to show (`SyncReport`).
    case synced(SyncReport)
}
