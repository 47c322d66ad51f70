/// Whether the terminal keeps glyph ink drawn outside the text area.
///
/// mlterm 3.9 draws the part of a glyph that reaches past its cell into the
/// window's border, and never paints the border again, not even to clear
/// the screen (`ED 2`): DejaVu Sans Mono's ▌, the selection bar, reaches a
/// pixel left of column 0, so every row the bar has been on keeps a thin
/// line there (seen under Xvfb after `G` `g`, docs/terminals.md). xterm
/// and kitty clip a glyph to the text area. From XTVERSION
/// first (an xterm started from mlterm inherits `MLTERM`), else the environment.
public enum BorderInk {
    public static func isKept(environment: [String: String], version: String?) -> Bool {
        if let version { return version.hasPrefix("mlterm") }
        return environment["MLTERM"] != nil || (environment["TERM"] ?? "").hasPrefix("mlterm")
    }
}
