/// A semantic text style, as in UIKit's `UIFont.TextStyle`: text is set by
/// what it is (a headline, body text), never by a size.
public enum TextStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

extension TextStyle {
    /// The style's place in `allCases`, without searching it.
    var ordinal: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }
}
