#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Canvas

/// How every style is drawn at every category in one glyph mode: the one
/// place that decides between native text, DEC doubled lines, OSC 66
/// scaling and the mosaics' cap heights, from what the mode can draw.
///
/// The rule (docs/legibility.md, "The ladder"), in order:
/// 1. every step from Large to AX5 draws the name (Headline) or the address
///    (Subhead) taller, and no style ever gets smaller as the category grows;
/// 2. within that, each style is as close to Apple's ratio (its points over
///    Large's 17) as the mode's drawings allow: the sum of |ln(drawn / Apple)|
///    over Headline and Subhead is the least of every plan that keeps rule 1
///    (found exactly, by dynamic programming over the categories);
/// 3. a style Apple sets larger is never drawn smaller (Headline = Body ≥
///    Callout ≥ Subhead ≥ Footnote ≥ Captions), at every category.
///
/// A mode that scales text itself (`scaled`) or draws it as images
/// (`pixels`) has every ratio: each style is
/// drawn at Apple's size, below Large too. A mode of steps (mosaics, doubled
/// lines) cannot shrink, so below Large every style is native, and above it
/// the plan picks among the mode's rungs (`rungs(for:)`).
public struct LadderPlan: Sendable, Hashable {
    /// How one style is drawn at one category.
    public enum Drawing: Sendable, Hashable {
        /// Plain terminal text.
        case native
        /// DEC double-height, double-width lines (twice native).
        case doubled
        /// kitty's OSC 66 at this scale.
        case scaled(TextScale)
        /// Braille dots, a capital this many dots tall.
        case braille(cap: Int)
        /// Half blocks, a capital this many half-rows tall.
        case blocks(cap: Int)
        /// An image of the text in the real font at these points (Apple's),
        /// Large's Body (17 pt) as tall as a native capital.
        case pixels(points: Int)

        /// How tall a capital is drawn, relative to a native one: what the
        /// rule compares. A native capital is about 0.63 of a row (DejaVu
        /// Sans Mono: 12 px of a 19 px cell in xterm; monospace fonts put it
        /// at 0.6–0.7); a braille dot is a quarter row, a half block half one.
        public var height: Double {
            switch self {
            case .native: 1
            case .doubled: 2
            case .scaled(let scale): scale.effective
            case .braille(let cap): Double(cap) / 4 / Self.nativeCapRows
            case .blocks(let cap): Double(cap) / 2 / Self.nativeCapRows
            case .pixels(let points): Double(points) / 17
            }
        }

        static let nativeCapRows = 12.0 / 19.0

        /// As the tables print it: `native`, `doubled`, `scaled 2·7/9`, `braille 13`, `blocks 6`.
        public var name: String {
            switch self {
            case .native: "native"
            case .doubled: "doubled"
            case .scaled(let scale):
                scale.numerator > 0 && scale.denominator > scale.numerator
                    ? "scaled \(scale.scale)·\(scale.numerator)/\(scale.denominator)" : "scaled \(scale.scale)"
            case .braille(let cap): "braille \(cap)"
            case .blocks(let cap): "blocks \(cap)"
            case .pixels(let points): "pixels \(points) pt"
            }
        }

        /// The mosaic and cap height, for mosaic drawings.
        var mosaicCap: (mosaic: Mosaic, cap: Int)? {
            switch self {
            case .braille(let cap): (.braille, cap)
            case .blocks(let cap): (.halfBlocks, cap)
            case .native, .doubled, .scaled, .pixels: nil
            }
        }
    }

    /// What a mode can draw above native text.
    enum Rungs {
        /// Drawn at any ratio by the terminal: each style at Apple's size.
        case continuous
        /// Drawn as images of the real font: each style at Apple's points.
        case images
        /// These drawings only, from shortest to tallest (native first).
        case steps([Drawing])
    }

    public let mode: GlyphMode
    /// Row `style.ordinal`, column `category.rawValue`.
    private let drawings: [Drawing]

    public init(mode: GlyphMode) {
        self.mode = mode
        drawings = Self.plan(Self.rungs(for: mode))
    }

    /// Every mode's plan, made once.
    private static let plans: [GlyphMode: LadderPlan] = Dictionary(
        uniqueKeysWithValues: GlyphMode.allCases.map { ($0, LadderPlan(mode: $0)) })

    /// The plan of `mode`.
    public static func of(_ mode: GlyphMode) -> LadderPlan { plans[mode] ?? LadderPlan(mode: mode) }

    /// What a line a doubled line cannot hold is drawn as instead (wide or
    /// uncommon characters, on which xterm 379 crashes): the next rung up,
    /// the smallest mosaic, never native text beside doubled neighbours.
    public static let doubledFallback = Drawing.braille(cap: brailleCaps[0])

    public func drawing(of style: TextStyle, at category: ContentSizeCategory) -> Drawing {
        drawings[style.ordinal * ContentSizeCategory.allCases.count + category.rawValue]
    }

    /// The cap heights the mosaics have strikes for that read (OCR of xterm
    /// screenshots ≥ 95 % of names and digit strings: braille from 12 dots,
    /// `docs/legibility.md`); the plan picks among them. Half blocks start
    /// at 7 (misc-fixed 6x10): the 4x6 and 5x8 strikes below it have no
    /// room for the middle of an M, which reads as H ("Hission", seen in
    /// mlterm); they stop at 10 (5 rows, 8× native): a name any taller
    /// wraps at 100 columns, and at AX5 a delivery's name, address and
    /// window would no longer fit a 30-row screen.
    static let brailleCaps = [12, 13, 14, 15, 16, 17, 18, 20, 25]
    static let blocksCaps = [7, 8, 9, 10]

    /// The drawings `mode` has. `automatic` is what `browse` draws when the
    /// terminal could not be asked (render, tmux): braille. Images
    /// (`pixels`) draw any size, below Large too.
    static func rungs(for mode: GlyphMode) -> Rungs {
        let braille = brailleCaps.map(Drawing.braille(cap:))
        switch mode {
        case .scaled: return .continuous
        case .pixels: return .images
        case .native: return .steps([.native])
        case .automatic, .mosaic, .braille: return .steps([.native] + braille)
        case .blocks: return .steps([.native] + blocksCaps.map(Drawing.blocks(cap:)))
        case .doubled: return .steps([.native, .doubled] + braille)
        }
    }

    /// Apple's size of `style` at `category` relative to Large's Body (17 pt).
    public static func ratio(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        Double(ApplePointSizes.points(of: style, at: category)) / 17
    }

    /// The OSC 66 scale of `style` at `category`: Apple's ratio, as near as `s` and `n/d` can state it.
    public static func textScale(for style: TextStyle, at category: ContentSizeCategory) -> TextScale {
        TextScale.nearest(to: ratio(style, category))
    }

    // MARK: - The rule

    private static let categories = ContentSizeCategory.allCases

    private static func plan(_ rungs: Rungs) -> [Drawing] {
        let steps: [Drawing]
        switch rungs {
        case .continuous:
            return TextStyle.allCases.flatMap { style in categories.map { Drawing.scaled(textScale(for: style, at: $0)) } }
        case .images:
            return TextStyle.allCases.flatMap { style in
                categories.map { Drawing.pixels(points: ApplePointSizes.points(of: style, at: $0)) }
            }
        case .steps(let list):
            steps = list
        }
        // Rung indices per style and category; below Large everything is native (index 0).
        var chosen = [[Int]](repeating: [Int](repeating: 0, count: categories.count), count: TextStyle.allCases.count)
        let big = categories.filter { $0 > .large }
        let keyPath = keyStyles(steps: steps, categories: big)
        for (index, category) in big.enumerated() {
            chosen[TextStyle.headline.ordinal][category.rawValue] = keyPath[index].headline
            chosen[TextStyle.subheadline.ordinal][category.rawValue] = keyPath[index].subhead
        }
        // The other styles: as near Apple as their neighbours in size allow,
        // never below their own drawing one category down.
        let others = TextStyle.allCases.filter { $0 != .headline && $0 != .subheadline }
        for category in big {
            var assigned: [(points: Int, rung: Int)] = [.headline, .subheadline].map {
                (ApplePointSizes.points(of: $0, at: category), chosen[$0.ordinal][category.rawValue])
            }
            let byPoints = others.sorted { ApplePointSizes.points(of: $0, at: category) > ApplePointSizes.points(of: $1, at: category) }
            for style in byPoints {
                let points = ApplePointSizes.points(of: style, at: category)
                let below = category.smaller
                var low = chosen[style.ordinal][below.rawValue]
                var high = steps.count - 1
                for other in assigned {
                    if other.points < points { low = max(low, other.rung) }
                    if other.points > points { high = min(high, other.rung) }
                    if other.points == points { low = max(low, other.rung); high = min(high, other.rung) }
                }
                let apple = ratio(style, category)
                let candidates = low <= high ? Array(low ... high) : [low]
                let best = candidates.min { error(steps[$0], apple) < error(steps[$1], apple) } ?? low
                chosen[style.ordinal][category.rawValue] = best
                assigned.append((points, best))
            }
        }
        return chosen.flatMap { $0.map { steps[$0] } }
    }

    private static func error(_ drawing: Drawing, _ apple: Double) -> Double {
        abs(log(drawing.height / apple))
    }

    /// Headline's and Subhead's rungs from xLarge to AX5: the least total
    /// error among the paths where each step raises one of them (or both),
    /// neither falls, and Headline is never below Subhead. With fewer rungs
    /// than steps (native only) nothing can rise: everything stays native.
    private static func keyStyles(steps: [Drawing], categories big: [ContentSizeCategory]) -> [(headline: Int, subhead: Int)] {
        let count = steps.count
        guard count > 1 else { return big.map { _ in (0, 0) } }
        let infinity = Double.infinity
        // cost[h][s]: the least error of a path ending at (h, s) at the current category.
        var cost = [[Double]](repeating: [Double](repeating: infinity, count: count), count: count)
        cost[0][0] = 0  // Large: native
        var back: [[[(Int, Int)]]] = []
        for category in big {
            let appleH = ratio(.headline, category), appleS = ratio(.subheadline, category)
            var next = [[Double]](repeating: [Double](repeating: infinity, count: count), count: count)
            var from = [[(Int, Int)]](repeating: [(Int, Int)](repeating: (-1, -1), count: count), count: count)
            for h in 0 ..< count {
                for s in 0 ... h {
                    let here = error(steps[h], appleH) + error(steps[s], appleS)
                    // The best predecessor (h0 ≤ h, s0 ≤ s, not both equal).
                    for h0 in 0 ... h {
                        for s0 in 0 ... min(s, h0) where cost[h0][s0] < infinity && (h0 < h || s0 < s) {
                            let total = cost[h0][s0] + here
                            if total < next[h][s] - 1e-12 {
                                next[h][s] = total
                                from[h][s] = (h0, s0)
                            }
                        }
                    }
                }
            }
            cost = next
            back.append(from)
        }
        var end = (0, 0), least = infinity
        for h in 0 ..< count {
            for s in 0 ... h where cost[h][s] < least - 1e-12 {
                least = cost[h][s]
                end = (h, s)
            }
        }
        guard least < infinity else { return big.map { _ in (0, 0) } }
        var path = [end]
        for step in stride(from: back.count - 1, to: 0, by: -1) {
            let (h, s) = path[0]
            path.insert(back[step][h][s], at: 0)
        }
        return path.map { (headline: $0.0, subhead: $0.1) }
    }

    // MARK: - Tables

    /// The plan as tab-separated text, one line per style and category:
    /// what `Data/ladder.tsv` holds for each mode.
    public var tsv: String {
        var out = ""
        for style in TextStyle.allCases {
            for category in Self.categories {
                let drawing = drawing(of: style, at: category)
                let hundredths = { (value: Double) -> String in
                    let h = Int((value * 100).rounded())
                    return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
                }
                out += "\(mode.rawValue)\t\(style.rawValue)\t\(category.name)\t\(ApplePointSizes.points(of: style, at: category))"
                out += "\t\(hundredths(Self.ratio(style, category)))\t\(drawing.name)\t\(hundredths(drawing.height))\n"
            }
        }
        return out
    }

    /// The plan for the screens' styles, as a Markdown table: one row per
    /// category, name (Headline, also Body), address (Subhead) and time
    /// window (Caption 1), each with its height relative to native and Apple's.
    public var markdown: String {
        var out = "| category | name (Headline, Body) | address (Subhead) | window (Caption 1) |\n|---|---|---|---|\n"
        for category in Self.categories {
            out += "| \(category.name) |"
            for style in [TextStyle.headline, .subheadline, .caption1] {
                let drawing = drawing(of: style, at: category)
                out += " \(drawing.name) (\(Self.short(drawing.height))×; Apple \(Self.short(Self.ratio(style, category)))×) |"
            }
            out += "\n"
        }
        return out
    }

    private static func short(_ value: Double) -> String {
        let h = Int((value * 100).rounded())
        return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
    }
}
