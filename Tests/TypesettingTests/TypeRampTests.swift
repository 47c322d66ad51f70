import Testing
@testable import Typesetting

@Suite struct TypeRampTests {
    let ramp = TypeRamp.standard
    let categories = ContentSizeCategory.allCases

    @Test func eachStyleAndCategoryHasItsOwnCell() {
        #expect(TextStyle.allCases.map(\.ordinal) == Array(TextStyle.allCases.indices))
        #expect(categories.map(\.rawValue) == Array(categories.indices))
        // A table given per style comes back per style and category, and a
        // style it leaves out is native text.
        let headline = categories.map { StyleMetrics(glyphRows: $0.rawValue + 1, isBold: true, spacingAfter: 0) }
        let custom = TypeRamp(table: [.headline: headline])
        for category in categories {
            #expect(custom.metrics(for: .headline, at: category) == headline[category.rawValue])
            #expect(custom.metrics(for: .body, at: category) == StyleMetrics(glyphRows: 1, isBold: false, spacingAfter: 0))
        }
    }

    @Test func dataTableEqualsTheCompiledRamp() throws {
        try GoldenFile(relativePath: "Data/type-ramp.tsv").expectEqual(to: ramp.tsv)
    }

    @Test func largeAndBelowAreNativeText() {
        for style in TextStyle.allCases {
            for category in categories where category <= .large {
                #expect(ramp.metrics(for: style, at: category).glyphRows == 1, "\(style) at \(category.name)")
            }
        }
    }

    @Test func everyStepAboveLargeMakesHeadlineOrBodyBigger() {
        for category in categories where category > .large {
            let before = category.smaller
            let headlineGrew = ramp.metrics(for: .headline, at: category).glyphRows > ramp.metrics(for: .headline, at: before).glyphRows
            let bodyGrew = ramp.metrics(for: .body, at: category).glyphRows > ramp.metrics(for: .body, at: before).glyphRows
            #expect(headlineGrew || bodyGrew, "\(before.name) → \(category.name)")
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

    @Test func noHeightOrSpacingEverShrinksAsTheCategoryGrows() {
        for style in TextStyle.allCases {
            for category in categories.dropFirst() {
                let now = ramp.metrics(for: style, at: category), before = ramp.metrics(for: style, at: category.smaller)
                #expect(now.glyphRows >= before.glyphRows, "\(style) at \(category.name)")
                #expect(now.spacingAfter >= before.spacingAfter, "\(style) at \(category.name)")
            }
        }
    }

    @Test func growthIsAtMostOneRowPerStep() {
        for style in TextStyle.allCases {
            for category in categories.dropFirst() {
                let grew = ramp.metrics(for: style, at: category).glyphRows - ramp.metrics(for: style, at: category.smaller).glyphRows
                #expect(grew <= 1, "\(style) at \(category.name)")
            }
        }
    }

    /// A style Apple sets larger is never drawn smaller, unless it lacks the
    /// weight that lets bold styles grow a size earlier.
    @Test func relativeSizesKeepTheirOrder() {
        for category in categories {
            for a in TextStyle.allCases {
                for b in TextStyle.allCases {
                    let ma = ramp.metrics(for: a, at: category), mb = ramp.metrics(for: b, at: category)
                    if ma.points >= mb.points, ma.isBold || !mb.isBold {
                        #expect(ma.glyphRows >= mb.glyphRows, "\(a) vs \(b) at \(category.name)")
                    }
                }
            }
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
