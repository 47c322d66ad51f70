/// The terminal type ramp: for each style at each category, how tall its
/// big glyphs are in each mosaic, whether it is bold, and the spacing after it.
///
/// `standard` is derived in code from `ApplePointSizes` and `LadderPlan` so
/// the binary never needs the repository; `Data/type-ramp.tsv` is the same
/// table printed by `tsv` (with the rows and strike each size draws), kept
/// equal to it by a golden test.
public struct TypeRamp: Sendable, Hashable {
    /// Row `style.ordinal`, column `category.rawValue`: an array, not a
    /// dictionary, because every row measured looks metrics up several times.
    private let cells: [StyleMetrics]
    private static let categoryCount = ContentSizeCategory.allCases.count

    public init(table: [TextStyle: [StyleMetrics]]) {
        let native = StyleMetrics(isBold: false, spacingAfter: 0)
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
    /// Large and below are native text; above Large a style's cap heights
    /// are the braille and blocks ladder plans' (`LadderPlan`); below Large
    /// glyphs cannot shrink, so each step tightens some spacing.
    public static let standard: TypeRamp = {
        var table: [TextStyle: [StyleMetrics]] = [:]
        for style in TextStyle.allCases {
            table[style] = ContentSizeCategory.allCases.map { category in
                StyleMetrics(
                    isBold: isBold(style),
                    spacingAfter: spacingAfter(style, at: category),
                    points: ApplePointSizes.points(of: style, at: category),
                    brailleCap: LadderPlan.of(.braille).drawing(of: style, at: category).mosaicCap?.cap ?? 0,
                    blocksCap: LadderPlan.of(.blocks).drawing(of: style, at: category).mosaicCap?.cap ?? 0
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
    /// `Data/type-ramp.tsv` holds. Per mosaic: the cap height in its pixels
    /// (the target the drawing honours exactly), the rows a line takes and
    /// the bitmap strike that draws it (`-` for native text).
    public var tsv: String {
        var out = "style\tcategory\tpoints\tweight\tspacingAfter"
        out += "\tbrailleCap\tbrailleRows\tbrailleStrike\tblocksCap\tblocksRows\tblocksStrike\n"
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let m = metrics(for: style, at: category)
                out += "\(style.rawValue)\t\(category.name)\t\(m.points)\t\(m.isBold ? "bold" : "regular")\t\(m.spacingAfter)"
                for mosaic in [Mosaic.braille, .halfBlocks] {
                    let cap = m.capHeight(in: mosaic)
                    if let strike = GlyphStrike.strike(capHeight: cap, bold: GlyphLadder.isBold(capHeight: cap) || m.isBold), cap > 0 {
                        let rows = mosaic.lineBox(ascent: strike.ascent, descent: strike.descent).rows
                        out += "\t\(cap)\t\(rows)\t\(strike.file)@\(strike.pixelHeight)"
                    } else {
                        out += "\t0\t1\t-"
                    }
                }
                out += "\n"
            }
        }
        return out
    }
}
