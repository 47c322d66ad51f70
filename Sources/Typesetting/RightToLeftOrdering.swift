/// Who puts native right-to-left text (Hebrew, Arabic) in the order it is
/// read: the terminal, or this program before the cells are written.
///
/// A terminal cell grid is left to right. Terminals with their own BiDi
/// (mlterm, VTE) reorder each line and join Arabic letters themselves, so
/// text must reach them in logical order: ordered twice it reads backwards.
/// Terminals without (xterm, kitty, alacritty, rxvt-unicode, WezTerm by
/// default) show cells exactly as written: Hebrew then reads backwards and
/// Arabic backwards in isolated letters, unless the program writes each
/// line shaped and in visual order. Big glyphs are always placed by the
/// program, so they are always shaped and ordered here (`VisualOrder`).
public enum RightToLeftOrdering: String, Sendable, Hashable, CaseIterable {
    /// Each native line is shaped and reordered here (ICU), then written.
    case program
    /// Native lines are written in logical order; the terminal orders them.
    case terminal

    /// Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms.
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF: true
        default: false
        }
    }

    /// The left-to-right mark, which `terminal` ordering puts at the start of
    /// each row that holds right-to-left text: a terminal that decides a
    /// line's direction from its first strong character (mlterm) would
    /// otherwise mirror the whole row, badge and all.
    public static let leftToRightMark = "\u{200E}"
}
