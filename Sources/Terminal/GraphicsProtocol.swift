/// The ways a terminal can be sent images.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
    /// DEC sixel (xterm -ti vt340, mlterm, foot, WezTerm, Konsole, …).
    case sixel
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
    case kitty
}
