import Testing
@testable import Typesetting

@Suite struct TypeRampTests {
    let ramp = TypeRamp.standard
    let categories = ContentSizeCategory.allCases
    let above = ContentSizeCategory.allCases.filter { $0 > .large }

    @Test func eachStyleAndCategoryHasItsOwnCell() {
        #expect(TextStyle.allCases.map(\.ordinal) == Array(TextStyle.allCases.indices))
        #expect(categories.map(\.rawValue) == Array(categories.indices))
        // A table given per style comes back per style and category, and a
        // style it leaves out is native text.
        let headline = categories.map { StyleMetrics(isBold: true, spacingAfter: 0, brailleCap: $0.rawValue + 5) }
        let custom = TypeRamp(table: [.headline: headline])
        for category in categories {
            #expect(custom.metrics(for: .headline, at: category) == headline[category.rawValue])
            #expect(custom.metrics(for: .body, at: category) == StyleMetrics(isBold: false, spacingAfter: 0))
        }
    }

    @Test func dataTableEqualsTheCompiledRamp() throws {
        try GoldenFile(relativePath: "Data/type-ramp.tsv").expectEqual(to: ramp.tsv)
    }

    @Test func largeAndBelowAreNativeText() {
        for style in TextStyle.allCases {
            for category in categories where category <= .large {
                #expect(ramp.metrics(for: style, at: category).isNative, "\(style) at \(category.name)")
            }
        }
    }

    /// Every cap height the ramp asks for has a strike, so the target is drawn exactly.
    @Test func everyCapHeightHasAStrike() {
        for style in TextStyle.allCases {
            for category in above {
                for mosaic in [Mosaic.braille, .halfBlocks] {
                    let metrics = ramp.metrics(for: style, at: category)
                    let cap = metrics.capHeight(in: mosaic)
                    guard cap > 0 else { continue }
                    let strike = GlyphStrike.strike(capHeight: cap, bold: metrics.isBold)
                    #expect(strike?.capHeight == cap, "\(style) \(category.name) \(mosaic)")
                }
            }
        }
    }

    @Test func everyStepBelowLargeTightensSpacing() {
        func totalSpacing(_ category: ContentSizeCategory) -> Int {
            TextStyle.allCases.reduce(0) { $0 + ramp.metrics(for: $1, at: category).spacingAfter }
        }
        for category in categories where category < .large {
            #expect(totalSpacing(category) < totalSpacing(category.larger), "\(category.name) → \(category.larger.name)")
        }
    }

    @Test func noSizeOrSpacingEverShrinksAsTheCategoryGrows() {
        for style in TextStyle.allCases {
            for category in categories.dropFirst() {
                let now = ramp.metrics(for: style, at: category), before = ramp.metrics(for: style, at: category.smaller)
                #expect(now.brailleCap >= before.brailleCap, "\(style) at \(category.name)")
                #expect(now.blocksCap >= before.blocksCap, "\(style) at \(category.name)")
                #expect(now.spacingAfter >= before.spacingAfter, "\(style) at \(category.name)")
            }
        }
    }

    /// Apple's order at every category: a style set at more points is never
    /// drawn smaller (Headline ≥ Body ≥ Subhead ≥ Caption).
    @Test func relativeSizesKeepApplesOrder() {
        for category in categories {
            for a in TextStyle.allCases {
                for b in TextStyle.allCases {
                    let ma = ramp.metrics(for: a, at: category), mb = ramp.metrics(for: b, at: category)
                    guard ma.points >= mb.points else { continue }
                    #expect(ma.brailleCap >= mb.brailleCap, "\(a) vs \(b) at \(category.name)")
                    #expect(ma.blocksCap >= mb.blocksCap, "\(a) vs \(b) at \(category.name)")
                }
            }
            let caps = [TextStyle.headline, .body, .subheadline, .caption1].map { ramp.metrics(for: $0, at: category).brailleCap }
            #expect(caps == caps.sorted(by: >), "\(category.name)")
        }
    }

    @Test func everyRungHasABoldStrike() {
        for cap in LadderPlan.brailleCaps + LadderPlan.blocksCaps {
            let strike = GlyphStrike.strike(capHeight: cap, bold: GlyphLadder.isBold(capHeight: cap))
            #expect(strike?.capHeight == cap, "cap \(cap)")
            // misc-fixed's smallest strikes have no bold; every larger rung has one.
            if GlyphLadder.isBold(capHeight: cap) { #expect(strike?.isBold == true, "cap \(cap)") }
        }
    }

    @Test func pointsAreApplesAndHeadlineIsBold() {
        #expect(ramp.metrics(for: .body, at: .accessibility5).points == 53)
        #expect(ramp.metrics(for: .subheadline, at: .accessibility5).points == 49)
        #expect(ramp.metrics(for: .caption1, at: .xSmall).points == 11)
        #expect(ramp.metrics(for: .headline, at: .large).isBold)
        #expect(!ramp.metrics(for: .body, at: .large).isBold)
    }
}
