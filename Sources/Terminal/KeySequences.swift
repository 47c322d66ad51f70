import CNcursesw

/// Escape sequences ncurses is told about beyond what terminfo says, so a
/// key means the same whatever `TERM` claims: inside tmux with
/// `TERM=xterm-256color`, Home and End arrive as `ESC[1~` and `ESC[4~`
/// (VT220 style), which xterm's entry spells `ESC[H` and `ESC[F`; without
/// them ncurses hands out a lone Esc (back, on the Shipment screen) and
/// three characters.
enum KeySequences {
    /// The start and end of a bracketed paste (xterm's mode 2004), as key codes of our own.
    static let pasteStart = KEY_MAX + 1
    static let pasteEnd = KEY_MAX + 2

    /// Every encoding of Home and End that terminals send: VT220 (`1~`/`4~`),
    /// rxvt (`7~`/`8~`), xterm's normal and application cursor modes.
    static let alternatives: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[200~", pasteStart), ("\u{1B}[201~", pasteEnd),
    ]

    /// Tells ncurses every sequence above (after `initscr` and `keypad`).
    static func define() {
        for (sequence, code) in alternatives {
            // Already known (from terminfo) as this key: defining it again changes nothing.
            if key_defined(sequence) == code { continue }
            define_key(sequence, code)
        }
    }
}
