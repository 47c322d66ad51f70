/// A semantic text style, as in UIKit's `UIFont.TextStyle`: text is set by
/// what it is (a headline, body text), never by a size.
public enum TextStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}
