/// What real terminals answer to the questions the browser asks when it
/// starts, for a test or a benchmark that plays one: (question, answer).
public enum TerminalReplies {
    /// Debian's xterm 379 run as `xterm -ti vt340`, its text area 900×570
    /// pixels: XTVERSION, device attributes with 4 (sixel), XTSMGRAPHICS
    /// (colour registers, sixel area) and the default colours.
    public static let xtermVT340: [(question: String, answer: String)] = [
        ("\u{1B}[>0q", "\u{1B}P>|XTerm(379)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"),
        ("\u{1B}[?1;1;0S", "\u{1B}[?1;0;1024S"), ("\u{1B}[?2;1;0S", "\u{1B}[?2;0;900;570S"),
        ("\u{1B}]10;?\u{1B}\\", "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\"), ("\u{1B}]11;?\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"),
    ]
}
