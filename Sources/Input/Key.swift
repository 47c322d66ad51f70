/// An input event, already decoded from the terminal: what the app reacts to.
public enum Key: Sendable, Hashable {
    case up, down, pageUp, pageDown, home, end
    case left, right
    case enter, escape, backspace
    case character(Character)
    case controlC
    /// Ctrl with a letter (lower case), other than Ctrl-C and those that are
    /// Enter, Backspace or Tab: Ctrl-D is `.control("d")`, Ctrl-Z (suspend)
    /// `.control("z")`.
    case control(Character)
    /// The mouse wheel moved by this many lines (negative: up).
    case wheel(Int)
    /// A click at a screen position.
    case click(x: Int, y: Int)
    /// Text the terminal pasted (bracketed paste), whole: never keys, so a
    /// pasted `q` does not quit.
    case paste(String)
}
