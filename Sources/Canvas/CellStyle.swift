/// How one cell is drawn, in terms a terminal and a plain-text capture share.
///
/// Colours are roles, not numbers: the terminal front end maps `tint` to blue
/// and so on, and a plain-text render simply drops them.
public struct CellStyle: Sendable, Hashable {
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool
    /// Only ever set on a blank as written (`Frame.written(x:y:)`), where it
    /// shows nothing but makes the terminal draw the cell on its own.
    public var italic: Bool
    public var color: ColorRole
    /// Where the cell's text links to (a `tel:` or map URL), for terminals
    /// that show OSC 8 hyperlinks; plain text ignores it. Always a URL the
    /// screens built and percent-encoded, never raw input.
    public var link: String?

    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false, italic: Bool = false,
        color: ColorRole = .normal, link: String? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.italic = italic
        self.color = color
        self.link = link
    }

    public static let plain = CellStyle()
}

/// A colour by meaning; the terminal decides the actual colour.
public enum ColorRole: Sendable, Hashable, CaseIterable {
    case normal
    /// The iOS tint colour: static labels such as Phone and Status.
    case tint
    case secondary
    case success
    case warning
    case danger
    case accent
}
