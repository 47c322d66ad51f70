import Canvas
import Foundation
import Typesetting

/// The two escape sequences ncurses knows nothing of, written straight to
/// the terminal after it has drawn: OSC 52 (set the clipboard) and OSC 8
/// (hyperlinks over cells whose style has a `link`).
///
/// Both are fire-and-forget: a terminal that does not know them ignores an
/// OSC sequence. Hyperlinks are left out for the Linux console, `dumb` and
/// GNU screen, which may show them as text, and when
/// `IDELIVERMOBILE_HYPERLINKS=0`.
public enum TerminalEscapes {
    /// Puts `text` on the clipboard of the terminal (or of tmux, with `set-clipboard on`).
    public static func copyToClipboard(_ text: String) {
        // Base64 keeps the sequence whole; the clipboard gets no control
        // character either, where the next program it is pasted into would obey it.
        send("\u{1B}]52;c;" + Data(Sanitizer.forCopy(text).utf8).base64EncodedString() + "\u{07}")
    }

    /// xterm's bracketed paste (mode 2004): a paste arrives between `ESC[200~`
    /// and `ESC[201~`, so it is told from typing (`KeySequences`). Terminals
    /// without it ignore the request.
    static func setBracketedPaste(_ on: Bool) {
        send(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l")
    }

    public static let hyperlinksEnabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let choice = environment["IDELIVERMOBILE_HYPERLINKS"] { return choice != "0" }
        let term = environment["TERM"] ?? ""
        return !(term.isEmpty || term == "dumb" || term.hasPrefix("linux") || (term.hasPrefix("screen") && environment["TMUX"] == nil))
    }()

    /// Writes each run of linked cells again inside an OSC 8 hyperlink,
    /// underlined. The cursor and attributes are saved and restored around it
    /// (DECSC/DECRC), so ncurses' idea of the screen stays true.
    static func overlayLinks(_ frame: Frame) {
        let out = linkOverlay(for: frame)
        if !out.isEmpty { send(out) }
    }

    /// The bytes `overlayLinks` writes for `frame`.
    static func linkOverlay(for frame: Frame) -> String {
        var out = ""
        for y in 0 ..< frame.height {
            var x = 0
            while x < frame.width {
                guard let link = frame[x, y].style.link else { x += 1; continue }
                var text = ""
                let start = x
                while x < frame.width, frame[x, y].style.link == link {
                    if !frame[x, y].isContinuation { text += frame[x, y].grapheme }
                    x += 1
                }
                out += "\u{1B}7\u{1B}[\(y + 1);\(start + 1)H\u{1B}[4m\u{1B}]8;;\(Sanitizer.linkTarget(link))\u{1B}\\" + text + "\u{1B}]8;;\u{1B}\\\u{1B}8"
            }
        }
        return out
    }

    private static func send(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { chunk in
                chunk.baseAddress.map { write(1, $0, chunk.count) } ?? 0
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
