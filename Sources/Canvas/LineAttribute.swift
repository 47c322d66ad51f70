/// How a terminal line is drawn as a whole: DEC's double-size line modes.
///
/// A doubled line shows every cell twice as wide, so it holds half the
/// columns; double height takes two lines, the top half (`ESC # 3`) above the
/// bottom half (`ESC # 4`). A line keeps its attribute until it is reset
/// (`ESC # 5`), so a terminal back end must reset lines it reuses.
public enum LineAttribute: UInt8, Sendable, Hashable, CaseIterable {
    case normal
    /// DECDHL top half: `ESC # 3`.
    case doubleTop
    /// DECDHL bottom half: `ESC # 4`.
    case doubleBottom
    /// DECDWL, double width at single height: `ESC # 6`.
    case doubleWide

    /// The escape sequence that sets the attribute on the cursor's line.
    public var escapeSequence: String {
        switch self {
        case .normal: "\u{1B}#5"
        case .doubleTop: "\u{1B}#3"
        case .doubleBottom: "\u{1B}#4"
        case .doubleWide: "\u{1B}#6"
        }
    }
}
