import Testing
@testable import Typesetting

@Suite struct ContentSizeCategoryTests {
    @Test func namesRoundTrip() {
        for category in ContentSizeCategory.allCases {
            #expect(ContentSizeCategory(name: category.name) == category)
        }
        #expect(ContentSizeCategory(name: "ax5") == .accessibility5)
        #expect(ContentSizeCategory(name: "huge") == nil)
    }

    @Test func steppingIsClampedAtBothEnds() {
        #expect(ContentSizeCategory.accessibility5.larger == .accessibility5)
        #expect(ContentSizeCategory.xSmall.smaller == .xSmall)
        #expect(ContentSizeCategory.large.larger == .xLarge)
    }
}
