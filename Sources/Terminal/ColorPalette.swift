import Canvas
import Foundation

/// The terminal colour for each `ColorRole`.
///
/// The terminal's background may be dark or light and we cannot ask which,
/// so on a 256-colour terminal each role takes a mid-tone from the xterm
/// palette that keeps at least 3:1 contrast (WCAG's figure for large and bold
/// text) against both black and white. The 8 basic colours are the fallback:
/// basic yellow on white or blue on black is hard to read, which is why
/// they are only the fallback.
struct ColorPalette {
    /// How many colours the terminal has (`COLORS`).
    let colorCount: Int

    /// Roles that get a colour pair, in pair order (pair 1 is the first).
    static let roles: [ColorRole] = [.tint, .secondary, .success, .warning, .danger, .accent]

    /// The colour pair for `role`: 0 (the terminal's own colours) for `.normal`.
    static func pair(for role: ColorRole) -> Int16 {
        Int16((roles.firstIndex(of: role) ?? -1) + 1)
    }

    /// The foreground colour number for `role`; -1 is the terminal's default.
    func foreground(_ role: ColorRole) -> Int16 {
        colorCount >= 256 ? Self.extended(role) : Self.basic(role)
    }

    static func extended(_ role: ColorRole) -> Int16 {
        switch role {
        case .normal, .secondary: -1
        case .tint: 32  // #0087d7, the iOS tint's blue
        case .success: 28  // #008700
        case .warning: 136  // #af8700, amber rather than yellow
        case .danger: 160  // #d70000
        case .accent: 30  // #008787
        }
    }

    static func basic(_ role: ColorRole) -> Int16 {
        switch role {
        case .normal, .secondary: -1
        case .tint: 4  // COLOR_BLUE
        case .success: 2  // COLOR_GREEN
        case .warning: 3  // COLOR_YELLOW
        case .danger: 1  // COLOR_RED
        case .accent: 6  // COLOR_CYAN
        }
    }

    /// The red, green and blue (0–255) xterm gives colour `index` of its
    /// 6×6×6 cube (16…231) or grey ramp (232…255); nil for the 16 basic
    /// colours, which every terminal themes differently.
    static func rgb(ofExtended index: Int) -> (red: Int, green: Int, blue: Int)? {
        switch index {
        case 16 ... 231:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        case 232 ... 255:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        default:
            return nil
        }
    }

    /// WCAG 2 contrast ratio between two sRGB colours (1 to 21).
    static func contrast(_ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)) -> Double {
        func luminance(_ c: (red: Int, green: Int, blue: Int)) -> Double {
            func linear(_ v: Int) -> Double {
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
