import CNcursesw
import CUnicodeText
import Foundation

/// What the screens need of the terminal and the environment, checked before
/// ncurses starts, so that a problem is one clear line rather than an
/// ncurses error or a broken screen.
public enum TerminalRequirements {
    /// Why the screens cannot run in this terminal.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks `TERM`: set, known to terminfo, and able to move the cursor.
    public static func check(environment: [String: String] = ProcessInfo.processInfo.environment) -> Problem? {
        let alternative = "To print a screen as text instead, use: idelivermobile render --size 80x24"
        guard let term = environment["TERM"], !term.isEmpty else {
            return Problem(description: "TERM is not set, so the terminal's type is unknown; set it (e.g. TERM=xterm-256color). \(alternative)")
        }
        switch ide_terminal_capability(term) {
        case -1:
            return Problem(description: "TERM=\(term) is not a terminal type this system knows (no terminfo entry). \(alternative)")
        case 0:
            return Problem(description: "TERM=\(term) cannot move the cursor, which the screens need. \(alternative)")
        default:
            return nil
        }
    }

    /// Whether colour is wanted: off when `NO_COLOR` is set to anything but
    /// the empty string (no-color.org); bold and reverse stay.
    public static func wantsColor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["NO_COLOR"] else { return true }
        return value.isEmpty
    }

    /// Sets the locale for ncurses as the width tables have it (see
    /// `DisplayWidth.prepareLocale`): the environment's, with a UTF-8
    /// character type (C.UTF-8 when LANG/LC_ALL say C). False when no UTF-8
    /// locale exists.
    @discardableResult
    static func useUTF8Locale() -> Bool { ut_use_environment_locale() == 1 }
}
