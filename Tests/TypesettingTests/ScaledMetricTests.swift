import Testing
@testable import Typesetting

@Suite struct ScaledMetricTests {
    @Test func thumbnailFollowsBNRItemCellUpToXXXLarge() {
        let published = [40, 40, 40, 40, 45, 55, 65]
        let categories = ContentSizeCategory.allCases
        #expect(categories.prefix(7).map { ScaledMetric.thumbnail.points(at: $0) } == published)
    }

    @Test func accessibilitySizesKeepGrowing() {
        for category in ContentSizeCategory.allCases.dropFirst() {
            #expect(ScaledMetric.thumbnail.points(at: category) >= ScaledMetric.thumbnail.points(at: category.smaller))
        }
        #expect(ScaledMetric.thumbnail.points(at: .accessibility5) > ScaledMetric.thumbnail.points(at: .xxxLarge))
    }

    @Test func sizeInCellsLooksSquare() {
        for category in ContentSizeCategory.allCases {
            let size = ScaledMetric.thumbnail.size(at: category)
            #expect(size.width == size.height * 2)
            #expect(size.height >= 1)
            if category > .xSmall { #expect(size.height >= ScaledMetric.thumbnail.size(at: category.smaller).height) }
        }
    }

    @Test func relativeScalingFollowsTheStylesPointSize() {
        let badge = ScaledMetric(points: 17, relativeTo: .body)
        #expect(ContentSizeCategory.allCases.map { badge.points(at: $0) } == ApplePointSizes.points(of: .body))
        #expect(ScaledMetric(points: 34, relativeTo: .body).points(at: .accessibility5) == 106)
    }
}
