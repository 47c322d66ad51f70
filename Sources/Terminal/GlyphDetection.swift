import Typesetting

/// Which `GlyphMode` the terminal can do best, from its environment and
/// its answers to the probe (`TerminalProbe`): OSC 66 (`scaled`) where the
/// probe shows kitty's text-sizing protocol, DEC double-size lines
/// (`doubled`) where the terminal names itself as one that draws them with
/// a scaled font, mosaics (`automatic`) otherwise and always inside tmux or
/// screen, which pass neither through.
public enum GlyphDetection {
    /// The bytes that ask: a carriage return, a cursor position report, a
    /// space two cells wide (OSC 66 `w=2`), another report, a space scaled
    /// 2× (`s=2`), another report, XTVERSION, and a status report that every
    /// terminal answers last, so the answers are known complete when it comes.
    public static let probe = "\r\u{1B}[6n\u{1B}]66;w=2; \u{1B}\\\u{1B}[6n\u{1B}]66;s=2; \u{1B}\\\u{1B}[6n\u{1B}[>0q\u{1B}[5n"
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

    /// The mode for these answers (nil: the terminal was not probed).
    public static func choose(environment: [String: String], replies: ProbeReplies?) -> GlyphMode {
        if isMultiplexed(environment) { return .automatic }
        if let columns = replies?.cursorColumns, columns.count >= 3,
           columns[1] == columns[0] + 2, columns[2] == columns[1] + 2 {
            return .scaled
        }
        if let version = replies?.version, drawsDoubledLines(version: version) { return .doubled }
        return drawsDoubledLines(environment) ? .doubled : .automatic
    }
}
