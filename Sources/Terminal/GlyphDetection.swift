import Canvas
import Typesetting

/// Which `GlyphMode` the terminal can do best, from its environment and
/// its answers to the probe (`TerminalProbe`), in the order of the ladder:
/// OSC 66 (`scaled`) where the probe shows kitty's text-sizing protocol,
/// images (`pixels`) where the terminal draws sixel or kitty graphics and its
/// cell size in pixels is known, DEC double-size lines (`doubled`) where the
/// terminal names itself as one that draws them with a scaled font, else a
/// mosaic: braille, or half blocks in terminals whose braille is missing or
/// misdrawn. Inside tmux or screen, which pass none of these through, always
/// the braille mosaic.
public enum GlyphDetection {
    /// The first question: XTVERSION, kitty's graphics query, the device
    /// attributes (4: sixel), the cell and window sizes in pixels, the
    /// default colours (OSC 10, 11), whether it synchronizes output (DECRQM
    /// for mode 2026), then a status report that every
    /// terminal answers last, so the answers are known complete when it
    /// comes. A terminal that does not know one of these ignores it without
    /// showing anything.
    public static let identify = "\u{1B}[>0q" + KittyGraphicsEncoder.query + "\u{1B}[c\u{1B}[16t\u{1B}[14t"
        + "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[?2026$p\u{1B}[5n"
    /// Asked only of a terminal whose device attributes include sixel:
    /// XTSMGRAPHICS's colour registers and largest sixel image, then the
    /// status report. Others need not know it (kitty logs it as a parse error).
    public static let sixelGraphics = "\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[5n"
    /// The second, only for a terminal that may draw OSC 66 (see
    /// `asksAboutScaling`): a carriage return, a cursor position report, a
    /// space two cells wide (OSC 66 `w=2`), another report, a space scaled
    /// 2× (`s=2`), another report, and the status report.
    public static let probe = "\r\u{1B}[6n\u{1B}]66;w=2; \u{1B}\\\u{1B}[6n\u{1B}]66;s=2; \u{1B}\\\u{1B}[6n\u{1B}[5n"
    /// Sent after the answers: back to the line's start and clear it of the probe's spaces.
    public static let cleanup = "\r\u{1B}[2K"

    /// Terminal multiplexers: they draw neither protocol and are never probed.
    public static func isMultiplexed(_ environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil || environment["STY"] != nil { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Whether a terminal that named itself `version` (nil: it did not) may
    /// draw OSC 66, so that the OSC 66 probe is worth sending: never to
    /// xterm, nor to kitty before 0.40, which log it as an unknown code.
    public static func asksAboutScaling(version: String?) -> Bool {
        guard let version else { return true }
        if version.hasPrefix("XTerm(") { return false }
        if let kitty = numbers(after: "kitty(", in: version) { return kitty.lexicographicallyPrecedes([0, 40]) == false }
        return true
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

    /// Terminals whose braille does not read, so their mosaic is half
    /// blocks: mlterm (its default fonts have no braille: every cell an
    /// empty box) and alacritty (it draws braille with misplaced and doubled
    /// dots), seen under Xvfb (docs/terminals.md).
    public static func misdrawsBraille(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["MLTERM"] != nil || term.hasPrefix("mlterm")
            || environment["ALACRITTY_WINDOW_ID"] != nil || environment["ALACRITTY_SOCKET"] != nil
            || environment["ALACRITTY_LOG"] != nil || term.hasPrefix("alacritty")
    }

    /// What the terminal calls itself, for the status bar: its XTVERSION
    /// name without the version, else what its environment says.
    public static func terminalName(environment: [String: String], version: String?) -> String? {
        if environment["TMUX"] != nil { return "tmux" }
        if environment["STY"] != nil { return "screen" }
        if let version, let name = version.split(separator: "(").first, !name.isEmpty {
            return name == "XTerm" ? "xterm" : String(name)
        }
        if environment["KONSOLE_VERSION"] != nil { return "Konsole" }
        if environment["WT_SESSION"] != nil { return "Windows Terminal" }
        if let program = environment["TERM_PROGRAM"], !program.isEmpty { return program }
        if environment["MLTERM"] != nil { return "mlterm" }
        if environment["ALACRITTY_WINDOW_ID"] != nil || environment["ALACRITTY_SOCKET"] != nil { return "alacritty" }
        if environment["VTE_VERSION"] != nil { return "VTE" }
        if let term = environment["TERM"], !term.isEmpty { return "TERM=" + term }
        return nil
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
        if drawsDoubledLines(environment) { return .doubled }
        return misdrawsBraille(environment) ? .blocks : .automatic
    }

    /// The mode and why, as the status bar and help say it: "doubled
    /// (xterm)", and for images also how they are sent: "pixels (sixel, xterm)".
    public static func label(
        for mode: GlyphMode, environment: [String: String], replies: ProbeReplies?, graphics: GraphicsProtocol? = nil
    ) -> String {
        // `automatic` after detection is the braille mosaic: say what is drawn.
        let shown = mode == .automatic ? "braille" : mode.rawValue
        let terminal = terminalName(environment: environment, version: replies?.version)
        let reasons = [mode == .pixels ? graphics?.rawValue : nil, terminal].compactMap { $0 }
        return reasons.isEmpty ? shown : "\(shown) (\(reasons.joined(separator: ", ")))"
    }

    /// The dotted numbers after `prefix` in `text` ("kitty(0.26.5)" → [0, 26, 5]).
    private static func numbers(after prefix: String, in text: String) -> [Int]? {
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }
        let parts = digits.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
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
