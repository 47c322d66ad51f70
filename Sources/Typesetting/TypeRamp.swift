/// The terminal type ramp: for each style at each category, how tall its
/// glyphs are in rows, whether it is bold, and the spacing after it.
public struct TypeRamp: Sendable, Hashable {
    private let table: [TextStyle: [StyleMetrics]]

    public init(table: [TextStyle: [StyleMetrics]]) {
        self.table = table
    }

    public func metrics(for style: TextStyle, at category: ContentSizeCategory) -> StyleMetrics {
        table[style]?[category.rawValue] ?? StyleMetrics(glyphRows: 1, isBold: false, spacingAfter: 0)
    }

    /// Derived from Apple's point sizes (see `Data/type-ramp.tsv`).
    public static let standard: TypeRamp = {
        // Glyph rows for xSmall…AX5; below Large glyphs cannot shrink, so only spacing tightens.
        let headlineRows = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5]
        let bodyRows = [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4]
        let spacing = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        func rows(_ glyphs: [Int], bold: Bool) -> [StyleMetrics] {
            zip(glyphs, spacing).map { StyleMetrics(glyphRows: $0, isBold: bold, spacingAfter: $1) }
        }
        var table: [TextStyle: [StyleMetrics]] = [:]
        for style in TextStyle.allCases {
            switch style {
            case .largeTitle, .title1, .title2, .title3, .headline: table[style] = rows(headlineRows, bold: true)
            case .body, .callout: table[style] = rows(bodyRows, bold: false)
            case .subheadline, .footnote, .caption1, .caption2: table[style] = rows(bodyRows, bold: false)
            }
        }
        return TypeRamp(table: table)
    }()
}
