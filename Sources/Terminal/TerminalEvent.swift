import Canvas
import Input

/// What the terminal has to tell the program's loop: a key, a new size, or
/// a signal that arrived (recorded by `TerminalSignals`, never acted on in a
/// handler). The loop turns each into a message for the screens.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    /// The terminal has this size now: after a resize, or back from a stop,
    /// when everything must be drawn again.
    case resized(Size)
    /// SIGTSTP from another process: suspend as Ctrl-Z does.
    case suspendRequested
    /// A terminating signal arrived (SIGINT, SIGTERM, SIGHUP, …).
    case terminated(signal: Int32)
    /// The terminal hung up without a SIGHUP reaching us (its pty closed).
    case hungUp
}
