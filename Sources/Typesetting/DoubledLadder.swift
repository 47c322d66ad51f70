/// How each style is drawn per category in `--glyphs doubled`. A doubled
/// line is exactly twice Large, so it draws the sizes about twice Large (a
/// ratio to Large = 17 pt from 1.5 up to 2.5); below that text stays native
/// (a mosaic there would be bigger than the doubled sizes above it, and
/// LEGIBILITY.md explains why mosaics cannot show 1.1–1.5×), and above it
/// the type ramp's mosaics take over, which are taller still, so rows never
/// shrink as the category grows.
///
/// `standard` is derived in code so the binary needs no data files;
/// `Data/doubled-ladder.tsv` is the same table printed by `tsv`, kept equal
/// to it by a golden test.
public struct DoubledLadder: Sendable, Hashable {
    /// How a style is drawn at a category.
    public enum Treatment: String, Sendable, Hashable {
        /// Plain terminal text.
        case native
        /// As the type ramp says: native text or a mosaic.
        case ramp
        /// Double-height, double-width lines in the terminal's font.
        case doubled
    }

    /// Row `style.ordinal`, column `category.rawValue`.
    private let treatments: [Treatment]

    public init(_ treatment: (TextStyle, ContentSizeCategory) -> Treatment) {
        treatments = TextStyle.allCases.flatMap { style in ContentSizeCategory.allCases.map { treatment(style, $0) } }
    }

    /// The ratio range a doubled line stands for: 2× within 25 % either way.
    static let doubledRatios = 1.5 ..< 2.5

    public static let standard = DoubledLadder { style, category in
        let ratio = ratio(style, category)
        if ratio < doubledRatios.lowerBound { return .native }
        return doubledRatios.contains(ratio) ? .doubled : .ramp
    }

    /// The style's Apple size at `category` relative to Large's Body (17 pt).
    public static func ratio(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        Double(ApplePointSizes.points(of: style, at: category)) / 17
    }

    public func treatment(of style: TextStyle, at category: ContentSizeCategory) -> Treatment {
        treatments[style.ordinal * ContentSizeCategory.allCases.count + category.rawValue]
    }

    /// The table as tab-separated text: what `Data/doubled-ladder.tsv` holds.
    public var tsv: String {
        var out = "style\tcategory\tpoints\tratio\ttreatment\n"
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let ratio = Self.ratio(style, category)
                out += "\(style.rawValue)\t\(category.name)\t\(ApplePointSizes.points(of: style, at: category))\t"
                let hundredths = Int((ratio * 100).rounded())
                out += "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)\t\(treatment(of: style, at: category).rawValue)\n"
            }
        }
        return out
    }
}
