/// The terminal type ramp: for each style at each category, how tall its
/// glyphs are in rows, whether it is bold, and the spacing after it.
///
/// `standard` is derived in code from `ApplePointSizes` so the binary never
/// needs the repository; `Data/type-ramp.tsv` is the same table printed by
/// `tsv`, kept equal to it by a golden test.
public struct TypeRamp: Sendable, Hashable {
    /// Row `style.ordinal`, column `category.rawValue`: an array, not a
    /// dictionary, because every row measured looks metrics up several times.
    private let cells: [StyleMetrics]
    private static let categoryCount = ContentSizeCategory.allCases.count

    public init(table: [TextStyle: [StyleMetrics]]) {
        let native = StyleMetrics(glyphRows: 1, isBold: false, spacingAfter: 0)
        cells = TextStyle.allCases.flatMap { style in
            (0 ..< Self.categoryCount).map { column in
                table[style].flatMap { $0.indices.contains(column) ? $0[column] : nil } ?? native
            }
        }
    }

    public func metrics(for style: TextStyle, at category: ContentSizeCategory) -> StyleMetrics {
        cells[style.ordinal * Self.categoryCount + category.rawValue]
    }

    /// Derived from Apple's point sizes by the rules in `docs/typesetting.md`:
    /// Large and below are native text; above Large a style's rows follow its
    /// point size (bold styles reach each row count one size earlier, so every
    /// step up makes Headline or Body bigger), growing at most one row a step;
    /// below Large glyphs cannot shrink, so each step tightens some spacing.
    public static let standard: TypeRamp = {
        var table: [TextStyle: [StyleMetrics]] = [:]
        for style in TextStyle.allCases {
            table[style] = ContentSizeCategory.allCases.map { category in
                let points = ApplePointSizes.points(of: style, at: category)
                return StyleMetrics(
                    glyphRows: glyphRows(points: points, bold: isBold(style), category: category),
                    isBold: isBold(style),
                    spacingAfter: spacingAfter(style, at: category),
                    points: points
                )
            }
        }
        return TypeRamp(table: table)
    }()

    /// Titles and Headline are bold: at Large every style is one row, so weight
    /// is what keeps a title above body text.
    static func isBold(_ style: TextStyle) -> Bool {
        switch style {
        case .largeTitle, .title1, .title2, .title3, .headline: true
        default: false
        }
    }

    /// Point sizes at which a line first takes 2, 3, 4 and 5 rows. Headline and
    /// Body share Apple's sizes; giving bold styles lower thresholds makes the
    /// two alternate, so each step above Large grows one of them.
    static func glyphRows(points: Int, bold: Bool, category: ContentSizeCategory) -> Int {
        let steps = category.rawValue - ContentSizeCategory.large.rawValue
        guard steps > 0 else { return 1 }
        let thresholds = bold ? [19, 23, 33, 47] : [21, 28, 40, 53]
        let rows = 1 + thresholds.filter { points >= $0 }.count
        // Growing by more than a row a step would make titles leap from native text.
        return min(rows, 1 + steps)
    }

    /// One blank row after each element from Large up; below Large the smallest
    /// styles tighten first (Medium), then body text (Small), then titles (xSmall).
    static func spacingAfter(_ style: TextStyle, at category: ContentSizeCategory) -> Int {
        let tightensBelow: ContentSizeCategory
        switch style {
        case .subheadline, .footnote, .caption1, .caption2: tightensBelow = .large
        case .body, .callout: tightensBelow = .medium
        case .largeTitle, .title1, .title2, .title3, .headline: tightensBelow = .small
        }
        return category < tightensBelow ? 0 : 1
    }

    /// The table as tab-separated text, one row per style and category: what
    /// `Data/type-ramp.tsv` holds.
    public var tsv: String {
        var out = "style\tcategory\tpoints\tglyphRows\tweight\tspacingAfter\n"
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let m = metrics(for: style, at: category)
                out += "\(style.rawValue)\t\(category.name)\t\(m.points)\t\(m.glyphRows)\t"
                out += "\(m.isBold ? "bold" : "regular")\t\(m.spacingAfter)\n"
            }
        }
        return out
    }
}
