import Canvas
import Typesetting

/// Which `GlyphMode` the terminal can do best, from its environment and
/// its answers to the probe (`TerminalProbe`): OSC 66 (`scaled`) where the
/// probe shows kitty's text-sizing protocol, images (`pixels`) where it
/// draws sixel or kitty graphics and its cell size in pixels is known, DEC
/// double-size lines (`doubled`) where the terminal names itself as one
/// that draws them with a scaled font, mosaics (`automatic`) otherwise and
/// always inside tmux or screen, which pass none of them through.
public enum GlyphDetection {
    /// The bytes that ask: a carriage return, a cursor position report, a
    /// space two cells wide (OSC 66 `w=2`), another report, a space scaled
    /// 2× (`s=2`), another report, XTVERSION, kitty's graphics query, the
    /// device attributes (4: sixel), XTSMGRAPHICS's colour registers and
    /// largest sixel image, the cell and window sizes in pixels, the default
    /// colours (OSC 10, 11), and a status report that every terminal answers
    /// last, so the answers are known complete when it comes.
    public static let probe = "\r\u{1B}[6n\u{1B}]66;w=2; \u{1B}\\\u{1B}[6n\u{1B}]66;s=2; \u{1B}\\\u{1B}[6n\u{1B}[>0q"
        + KittyGraphicsEncoder.query + "\u{1B}[c\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[16t\u{1B}[14t"
        + "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[5n"
    /// Sent after the answers: back to the line's start and clear it of the probe's spaces.
    public static let cleanup = "\r\u{1B}[2K"

    /// Terminal multiplexers: they draw neither protocol and are never probed.
    public static func isMultiplexed(_ environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil || environment["STY"] != nil { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Terminals known to draw DEC double-size lines in a scaled font, by
    /// the variables they set.
    public static func drawsDoubledLines(_ environment: [String: String]) -> Bool {
        if environment["KONSOLE_VERSION"] != nil || environment["WT_SESSION"] != nil { return true }
        return ["WezTerm", "Apple_Terminal"].contains(environment["TERM_PROGRAM"] ?? "")
    }

    /// Terminals known to draw DEC double-size lines, by XTVERSION name.
    public static func drawsDoubledLines(version: String) -> Bool {
        version.hasPrefix("XTerm(") || version.hasPrefix("WezTerm")
    }

    /// The mode for these answers (nil: the terminal was not probed);
    /// `windowCell` is the cell size the tty itself reports (`TIOCGWINSZ`).
    public static func choose(
        environment: [String: String], replies: ProbeReplies?, windowCell: CellPixelSize? = nil, cells: Size? = nil
    ) -> GlyphMode {
        if isMultiplexed(environment) { return .automatic }
        if let columns = replies?.cursorColumns, columns.count >= 3,
           columns[1] == columns[0] + 2, columns[2] == columns[1] + 2 {
            return .scaled
        }
        if let replies, graphics(replies: replies, windowCell: windowCell, cells: cells) != nil { return .pixels }
        if let version = replies?.version, drawsDoubledLines(version: version) { return .doubled }
        return drawsDoubledLines(environment) ? .doubled : .automatic
    }

    /// How the terminal shows images, if it can: kitty's graphics protocol
    /// when it answered the query, else sixel when its device attributes say
    /// so; never without a cell size in pixels (the tty's, else `ESC [ 16 t`,
    /// else the window's pixels over its cells).
    /// `assumingSixel` (`--glyphs pixels` asked for by name) takes sixel
    /// for a terminal that said nothing about graphics.
    public static func graphics(
        replies: ProbeReplies, windowCell: CellPixelSize?, cells: Size? = nil, assumingSixel: Bool = false
    ) -> PixelGraphics? {
        let graphicsProtocol: GraphicsProtocol
        if replies.kittyGraphics {
            graphicsProtocol = .kitty
        } else if replies.drawsSixel || assumingSixel {
            graphicsProtocol = .sixel
        } else {
            return nil
        }
        let fromWindow = replies.windowPixels.flatMap { pixels in
            cells.flatMap { CellPixelSize(windowPixels: (pixels.width, pixels.height), cells: $0) }
        }
        guard let cell = windowCell ?? replies.cellPixels ?? fromWindow else { return nil }
        return PixelGraphics(
            graphicsProtocol: graphicsProtocol, cell: cell, foreground: replies.foreground ?? .black, background: replies.background ?? .white,
            colorRegisters: replies.colorRegisters ?? 16, maximumWidth: replies.sixelGeometry?.width ?? 1000
        )
    }
}
