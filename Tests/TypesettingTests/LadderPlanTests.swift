import Foundation
import Canvas
import Testing

@testable import Typesetting

/// The ladder rule (docs/legibility.md), over every mode and category.
@Suite struct LadderPlanTests {
    static let categories = ContentSizeCategory.allCases
    static let steps = categories.filter { $0 >= .large }

    static func height(_ plan: LadderPlan, _ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        plan.drawing(of: style, at: category).height
    }

    /// Rule 1: from Large to AX5 every `+` makes the name or the address taller
    /// (every mode but `native`, which draws plain text at every size).
    @Test(arguments: GlyphMode.allCases.filter { $0 != .native })
    func everyStepFromLargeDrawsTheNameOrTheAddressTaller(mode: GlyphMode) {
        let plan = LadderPlan.of(mode)
        for (before, after) in zip(Self.steps, Self.steps.dropFirst()) {
            let name = Self.height(plan, .headline, after) > Self.height(plan, .headline, before)
            let address = Self.height(plan, .subheadline, after) > Self.height(plan, .subheadline, before)
            #expect(name || address, "\(mode) \(before.name) → \(after.name)")
        }
    }

    /// Rule 1 too: nothing ever gets smaller as the category grows.
    @Test(arguments: GlyphMode.allCases)
    func noStyleIsEverDrawnSmallerAtALargerCategory(mode: GlyphMode) {
        let plan = LadderPlan.of(mode)
        for style in TextStyle.allCases {
            for (before, after) in zip(Self.categories, Self.categories.dropFirst()) {
                #expect(Self.height(plan, style, after) >= Self.height(plan, style, before), "\(mode) \(style) \(after.name)")
            }
        }
    }

    /// Rule 3: a style Apple sets larger is never drawn smaller, so within a
    /// delivery Headline ≥ Body ≥ Subhead ≥ Caption at every category.
    @Test(arguments: GlyphMode.allCases)
    func stylesKeepApplesOrderAtEveryCategory(mode: GlyphMode) {
        let plan = LadderPlan.of(mode)
        for category in Self.categories {
            for a in TextStyle.allCases {
                for b in TextStyle.allCases where ApplePointSizes.points(of: a, at: category) >= ApplePointSizes.points(of: b, at: category) {
                    #expect(Self.height(plan, a, category) >= Self.height(plan, b, category), "\(mode) \(a) ≥ \(b) at \(category.name)")
                }
            }
            #expect(plan.drawing(of: .headline, at: category) == plan.drawing(of: .body, at: category))
        }
    }

    /// Rule 2, where the terminal scales text itself: Apple's ratio within 4 %.
    @Test func scaledDrawsEveryStyleAtApplesRatio() {
        let plan = LadderPlan.of(.scaled)
        for style in TextStyle.allCases {
            for category in Self.categories {
                let apple = LadderPlan.ratio(style, category)
                #expect(abs(Self.height(plan, style, category) - apple) / apple < 0.04, "\(style) \(category.name)")
            }
        }
    }

    /// Rule 2 with steps: the plan's error is the least of all plans that
    /// keep rule 1. Checked against every plan that moves one key style by
    /// one rung at one category (a local search finds no better one).
    @Test(arguments: [GlyphMode.doubled, .braille, .blocks])
    func noNeighbouringPlanIsCloserToApple(mode: GlyphMode) throws {
        guard case .steps(let rungs) = LadderPlan.rungs(for: mode) else { throw Failure.notSteps }
        let plan = LadderPlan.of(mode)
        let big = Self.categories.filter { $0 > .large }
        func index(_ style: TextStyle, _ category: ContentSizeCategory) -> Int {
            category <= .large ? 0 : rungs.firstIndex(of: plan.drawing(of: style, at: category)) ?? -1
        }
        var path = big.map { (index(.headline, $0), index(.subheadline, $0)) }
        func cost(_ path: [(Int, Int)]) -> Double {
            zip(big, path).reduce(0) { sum, step in
                sum + abs(log(rungs[step.1.0].height / LadderPlan.ratio(.headline, step.0)))
                    + abs(log(rungs[step.1.1].height / LadderPlan.ratio(.subheadline, step.0)))
            }
        }
        func keepsRule(_ path: [(Int, Int)]) -> Bool {
            var before = (0, 0)
            for step in path {
                guard step.0 >= before.0, step.1 >= before.1, step.0 > before.0 || step.1 > before.1, step.1 <= step.0,
                      step.0 < rungs.count, step.1 >= 0 else { return false }
                before = step
            }
            return true
        }
        #expect(keepsRule(path))
        let best = cost(path)
        for i in path.indices {
            for (dh, ds) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
                let saved = path[i]
                path[i] = (saved.0 + dh, saved.1 + ds)
                if keepsRule(path) { #expect(cost(path) >= best - 1e-9, "\(mode): a better step at \(big[i].name)") }
                path[i] = saved
            }
        }
    }

    enum Failure: Error { case notSteps }

    /// xterm's ladder, spelt out (docs/legibility.md shows it): the name
    /// doubles at xLarge, the address at xxLarge, then the name climbs the
    /// braille rungs while the address stays doubled (Apple's 1.5–2.9×).
    @Test func xtermsDoubledLadder() {
        let plan = LadderPlan.of(.doubled)
        let names = Self.steps.map { plan.drawing(of: .headline, at: $0).name }
        let addresses = Self.steps.map { plan.drawing(of: .subheadline, at: $0).name }
        #expect(names == ["native", "doubled", "doubled", "braille 12", "braille 13", "braille 14", "braille 15", "braille 16", "braille 17"])
        #expect(addresses == ["native", "native"] + Array(repeating: "doubled", count: 7))
    }

    /// What the typesetter draws is what the plan says: rows a line takes.
    @Test(arguments: GlyphMode.allCases)
    func theTypesetterDrawsThePlan(mode: GlyphMode) {
        var typesetter = Typesetter(glyphs: mode)
        typesetter.cellPixels = CellPixelSize(width: 9, height: 19)
        let plan = LadderPlan.of(mode)
        for style in [TextStyle.headline, .subheadline, .caption1] {
            for category in Self.categories {
                let set = typesetter.typeset("Hx", style: style, category: category, width: 200)
                switch plan.drawing(of: style, at: category) {
                case .native: #expect(set.height == 1 && set.lines[0].text == "Hx", "\(mode) \(style) \(category.name)")
                case .doubled: #expect(set.lines.map(\.lineAttribute) == [.doubleTop, .doubleBottom])
                case .scaled(let scale): #expect(set.height == scale.scale)
                case .braille, .blocks: #expect(set.height > 1 && set.lines.allSatisfy { $0.lineAttribute == .normal && $0.scaled == nil })
                // Large's Body's points are a native line; any other size an image.
                case .pixels(let points): #expect((set.lines[0].pixels == nil) == (points == 17), "\(style) \(category.name)")
                }
            }
        }
    }

    /// Text a doubled line cannot hold goes the next rung up, the smallest
    /// mosaic, and takes the rest of its delivery with it.
    @Test func textADoubledLineCannotHoldIsDrawnTheNextRungUp() {
        let typesetter = Typesetter(glyphs: .doubled)
        let japanese = typesetter.typeset("佐藤 花子", style: .headline, category: .xLarge, width: 100)
        let mosaic = Typesetter(glyphs: .braille).typeset("佐藤 花子", style: .subheadline, category: .accessibility5, width: 100)
        #expect(japanese.lines == mosaic.lines, "braille 12, as the braille plan's address at AX5")
        #expect(japanese.height == typesetter.height(of: "佐藤 花子", style: .headline, category: .xLarge, width: 100))
        let group = typesetter.holding(["Feng Wong", "東京都世田谷区"])
        #expect(group.drawing(for: .headline, at: .xxLarge) == LadderPlan.doubledFallback)
        #expect(group.drawing(for: .headline, at: .accessibility5) == .braille(cap: 17))
        #expect(typesetter.holding(["Feng Wong", "2450 Mission Street"]).drawing(for: .headline, at: .xxLarge) == .doubled)
    }

    @Test func dataTableEqualsEveryModesPlan() throws {
        let all = GlyphMode.allCases.map { LadderPlan.of($0).tsv }.joined()
        try GoldenFile(relativePath: "Data/ladder.tsv").expectEqual(to: "mode\tstyle\tcategory\tpoints\tapple\tdrawing\theight\n" + all)
    }
}

extension LadderPlanTests {
    /// docs/legibility.md shows every mode's plan as the code makes it
    /// (regenerated with IDELIVERMOBILE_RECORD_GOLDENS=1).
    @Test func theDocsShowEveryModesPlan() throws {
        let url = GoldenFile.packageRoot.appendingPathComponent("docs/legibility.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- ladder-tables -->\n", end = "<!-- /ladder-tables -->"
        let tables = GlyphMode.allCases.filter { $0 != .mosaic && $0 != .automatic }.map { mode in
            let names: [GlyphMode: String] = [
                .braille: "`braille`, also `mosaic` and `automatic` where the terminal cannot be asked (tmux, `render`)",
                .doubled: "`doubled` (what `automatic` picks in xterm)",
                .blocks: "`blocks` (what `automatic` picks in mlterm and alacritty)",
                .scaled: "`scaled` (OSC 66)", .native: "`native`",
                .pixels: "`pixels` (images, what `automatic` picks in `xterm -ti vt340`; mosaics without a cell size)",
            ]
            return "\(names[mode] ?? mode.rawValue):\n\n" + LadderPlan.of(mode).markdown
        }.joined(separator: "\n")
        let parts = doc.components(separatedBy: begin)
        try #require(parts.count == 2 && parts[1].contains(end), "docs/legibility.md has no ladder-tables markers")
        let shown = parts[1].components(separatedBy: end)[0]
        if GoldenFile.isRecording {
            try (parts[0] + begin + tables + end + parts[1].components(separatedBy: end).dropFirst().joined(separator: end))
                .write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(shown == tables, "docs/legibility.md's ladder tables differ; regenerate with IDELIVERMOBILE_RECORD_GOLDENS=1")
    }
}
