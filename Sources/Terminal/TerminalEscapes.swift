import Canvas
import Foundation
import Typesetting

/// The escape sequences ncurses knows nothing of, which a `TerminalIO`
/// writes through its backend after a frame: OSC 52 (set the clipboard),
/// OSC 8 (hyperlinks over cells whose style has a `link`) and bracketed paste.
///
/// Both are fire-and-forget: a terminal that does not know them ignores an
/// OSC sequence. Hyperlinks are left out for the Linux console, `dumb` and
/// GNU screen, which may show them as text, and when
/// `IDELIVERMOBILE_HYPERLINKS=0`.
public enum TerminalEscapes {
    /// What puts `text` on the clipboard of the terminal (or of tmux, with `set-clipboard on`).
    public static func clipboard(_ text: String) -> String {
        // Base64 keeps the sequence whole; the clipboard gets no control
        // character either, where the next program it is pasted into would obey it.
        "\u{1B}]52;c;" + Data(Sanitizer.forCopy(text).utf8).base64EncodedString() + "\u{07}"
    }

    /// xterm's bracketed paste (mode 2004): a paste arrives between `ESC[200~`
    /// and `ESC[201~`, so it is told from typing (`KeySequences`). Terminals
    /// without it ignore the request.
    public static func bracketedPaste(_ on: Bool) -> String {
        on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
    }

    public static let hyperlinksEnabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let choice = environment["IDELIVERMOBILE_HYPERLINKS"] { return choice != "0" }
        let term = environment["TERM"] ?? ""
        return !(term.isEmpty || term == "dumb" || term.hasPrefix("linux") || (term.hasPrefix("screen") && environment["TMUX"] == nil))
    }()

    /// The rows `linkOverlay` writes over for `frame`.
    static func linkedRows(of frame: Frame) -> [Int] {
        (0 ..< frame.height).filter { y in (0 ..< frame.width).contains { frame[$0, y].style.link != nil && !underImage(frame, x: $0, y: y) } }
    }

    /// True when an image shows over cell (x, y): text written there would
    /// draw over the image (and erase a sixel image's pixels under it).
    private static func underImage(_ frame: Frame, x: Int, y: Int) -> Bool {
        frame.pixelRuns.contains { $0.covers(x: x, y: y) }
    }

    /// What writes each run of linked cells of `frame` again inside an OSC 8
    /// hyperlink, in its cells' style, underlined. The cursor and attributes
    /// are saved and restored around it (DECSC/DECRC), so ncurses' idea of
    /// the screen stays true. On a doubled line the run is the line's own
    /// characters at its own columns (a pair of cells each), not underlined:
    /// xterm draws a doubled line's underline a row below it, under the next
    /// line's text. Nor is a run of mosaic cells: its underline would cross
    /// every row of its glyphs. Both stay links. Text shown as an image gets
    /// no link: its cells hold the line's plain text under the image, which
    /// written again would show over it.
    static func linkOverlay(for frame: Frame, encoder: AnsiEncoder = AnsiEncoder()) -> String {
        var out = ""
        for y in 0 ..< frame.height {
            let attribute = frame.lineAttributes[y]
            let doubled = attribute != .normal
            let count = doubled ? frame.width / 2 : frame.width
            let cellAt = { (x: Int) -> Cell in doubled ? AnsiEncoder.standingOut(frame, pair: x, y: y) : frame[x, y] }
            var x = 0
            while x < count {
                let first = cellAt(x)
                guard let link = first.style.link, doubled || !underImage(frame, x: x, y: y) else { x += 1; continue }
                var text = ""
                let start = x
                while x < count, cellAt(x).style.link == link, doubled || !underImage(frame, x: x, y: y) {
                    let cell = cellAt(x)
                    if !cell.isContinuation { text += cell.grapheme.isEmpty ? " " : cell.grapheme }
                    x += 1
                }
                var style = first.style
                style.underline = !doubled && !isMosaic(text)
                out += "\u{1B}7\u{1B}[\(y + 1);\(start + 1)H" + encoder.sgr(style) + "\u{1B}]8;;\(Sanitizer.linkTarget(link))\u{1B}\\" + text
                    + "\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}8"
            }
        }
        return out
    }

    /// True when `text` is only mosaic cells and blanks (braille, block elements).
    static func isMosaic(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == " " || (0x2800 ... 0x28FF).contains($0.value) || (0x2580 ... 0x259F).contains($0.value) }
    }
}
