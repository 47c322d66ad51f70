import Canvas

/// A non-text size that follows the text-size setting, like
/// `UIFontMetrics.scaledValue(for:)`: a status badge, a thumbnail.
///
/// Values are points per category (BNRItemCell sizes its thumbnail 40, 40, 40,
/// 40, 45, 55, 65 for xSmall … xxxLarge); `size(at:)` turns them into cells
/// that look square, since a terminal cell is about twice as tall as wide.
///
///     ScaledMetric.thumbnail.size(at: .large)  // Size(width: 4, height: 2)
public struct ScaledMetric: Sendable, Hashable {
    /// Points for each category, xSmall first (twelve values).
    public let pointsPerCategory: [Int]

    /// Points one terminal row stands for: a native line at Large is 17 pt
    /// text plus leading, about 20 pt.
    public static let pointsPerRow = 20

    public init(pointsPerCategory: [Int]) {
        precondition(pointsPerCategory.count == ContentSizeCategory.allCases.count, "one value per category")
        self.pointsPerCategory = pointsPerCategory
    }

    /// Scales `points` (its value at Large) in proportion to `style`'s point
    /// size, as `UIFontMetrics(forTextStyle:).scaledValue(for:)` does.
    public init(points: Int, relativeTo style: TextStyle = .body) {
        let base = Double(ApplePointSizes.points(of: style, at: .large))
        self.init(pointsPerCategory: ApplePointSizes.points(of: style).map {
            Int((Double(points) * Double($0) / base).rounded())
        })
    }

    /// BNRItemCell's thumbnail: 40…65 points up to xxxLarge, then grown in
    /// proportion to Body's accessibility sizes (28…53 pt against 23 pt).
    public static let thumbnail: ScaledMetric = {
        let published = [40, 40, 40, 40, 45, 55, 65]
        let body = ApplePointSizes.points(of: .body)
        let last = Double(published[published.count - 1]), lastBody = Double(body[published.count - 1])
        let continued = body[published.count...].map { Int((last * Double($0) / lastBody).rounded()) }
        return ScaledMetric(pointsPerCategory: published + continued)
    }()

    public func points(at category: ContentSizeCategory) -> Int {
        pointsPerCategory[category.rawValue]
    }

    /// The size in cells, visually square: rows from points, twice as many columns.
    public func size(at category: ContentSizeCategory) -> Size {
        let rows = max(1, Int((Double(points(at: category)) / Double(Self.pointsPerRow)).rounded()))
        return Size(width: rows * 2, height: rows)
    }
}
