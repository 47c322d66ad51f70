/// The user's text-size setting: Apple's twelve content size categories.
///
/// Ordered from smallest to largest; `Large` is the default and draws native
/// terminal text. `+` and `-` step through them, clamped at the ends.
public enum ContentSizeCategory: Int, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The name the status bar and `--text-size` use: `xSmall` … `xxxLarge`, `AX1` … `AX5`.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    /// Parses a name as `name` prints it, case-insensitively.
    public init?(name: String) {
        let wanted = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.name.lowercased() == wanted }) else { return nil }
        self = match
    }

    public var isAccessibilityCategory: Bool { self >= .accessibility1 }

    /// One step larger, or the same at AX5.
    public var larger: ContentSizeCategory { ContentSizeCategory(rawValue: rawValue + 1) ?? self }
    /// One step smaller, or the same at xSmall.
    public var smaller: ContentSizeCategory { ContentSizeCategory(rawValue: rawValue - 1) ?? self }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
