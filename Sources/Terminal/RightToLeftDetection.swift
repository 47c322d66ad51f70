import Typesetting

/// Whether the terminal puts right-to-left text in reading order itself
/// (`RightToLeftOrdering`), from its environment and XTVERSION name.
///
/// Seen under Xvfb (docs/terminals.md): mlterm 3.9 and VTE 0.70 (sakura)
/// reorder Hebrew and Arabic and join Arabic letters, on by default; xterm
/// 379 shows cells as written, so Hebrew reads backwards there and Arabic
/// backwards in isolated letters. A terminal that says nothing is taken to
/// be one of the many without BiDi.
public enum RightToLeftDetection {
    /// Who orders native right-to-left lines in this terminal. XTVERSION
    /// first: an xterm started from a VTE terminal inherits `VTE_VERSION`.
    public static func ordering(environment: [String: String], version: String?) -> RightToLeftOrdering {
        if let version {
            if version.hasPrefix("XTerm(") { return .program }
            if version.hasPrefix("mlterm") { return .terminal }
        }
        return reordersItself(environment) ? .terminal : .program
    }

    /// mlterm (`MLTERM`, `TERM=mlterm…`) and VTE from 0.58 on (`VTE_VERSION`
    /// 5800 and up), whose BiDi is on unless a program turns it off.
    static func reordersItself(_ environment: [String: String]) -> Bool {
        if environment["MLTERM"] != nil || (environment["TERM"] ?? "").hasPrefix("mlterm") { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5800 { return true }
        return false
    }
}
