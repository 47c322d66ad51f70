import Model
import RowLayout
import Typesetting

/// Heights of Deliveries rows for the row-height engine, from the same cell
/// spec that draws them.
public struct DeliveryRowMeasurer: RowMeasuring {
    public var source: any DeliverySource
    public var typesetter: Typesetter

    public init(source: any DeliverySource, typesetter: Typesetter) {
        self.source = source
        self.typesetter = typesetter
    }

    public func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        height(ofRow: row, in: context, typesetter: typesetter)
    }

    public func exactHeightMeasuredOnce(ofRow row: Int, in context: LayoutContext) -> Int {
        var once = typesetter
        once.cachesMeasurements = false
        return height(ofRow: row, in: context, typesetter: once)
    }

    private func height(ofRow row: Int, in context: LayoutContext, typesetter: Typesetter) -> Int {
        DeliveryRowContent.height(
            of: source.delivery(at: row), width: context.width, category: Self.category(context), typesetter: typesetter
        )
    }

    public var cheaplyReadableRows: Int { source.cheaplyReadableRows }

    func content(ofRow row: Int, in context: LayoutContext, fixedHeight: Int? = nil) -> DeliveryRowContent {
        DeliveryRowContent(
            source.delivery(at: row), width: context.width, category: Self.category(context),
            typesetter: typesetter, fixedHeight: fixedHeight
        )
    }

    /// Lines from text lengths alone, assuming an average advance per character
    /// and no wrapping losses: cheap enough to run for a million rows.
    public func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        let lengths = source.textLengths(at: row)
        let category = Self.category(context)
        let badge = StatusBadge(status: .pending, category: category)
        let textWidth = max(1, context.width - DeliveryRowContent.margin * 2 - badge.columns - 1)
        func rows(_ characters: Int, _ style: TextStyle, limit: Int) -> Int {
            guard characters > 0 else { return 0 }
            let advance = typesetter.estimatedAdvance(for: style, at: category)
            let perLine = max(1, Int(Double(textWidth) / advance))
            return min(limit, (characters + perLine - 1) / perLine) * typesetter.rowsPerLine(for: style, at: category)
        }
        // Mirrors DeliveryRowContent: from Small down the window runs on after the address (" · " + window).
        let limits = DeliveryRowContent.lineLimit
        let joined = DeliveryRowContent.windowJoinsAddress(at: category) && lengths.window > 0
        let address = max(1, lengths.address) + (joined ? lengths.window + 3 : 0)
        let window = joined ? 0 : lengths.window
        let text = rows(max(1, lengths.name), .headline, limit: limits.name)
            + rows(address, .subheadline, limit: limits.address) + rows(window, .caption1, limit: limits.window)
        return max(text, badge.rows) + DeliveryRowContent.spacing(after: category, typesetter: typesetter)
    }

    /// Every row under the fixed strategy: one name line and two address lines.
    public func fixedHeight(in context: LayoutContext) -> Int {
        let category = Self.category(context)
        let name = typesetter.rowsPerLine(for: .headline, at: category)
        let address = typesetter.rowsPerLine(for: .subheadline, at: category)
        let badge = StatusBadge(status: .pending, category: category)
        return max(name + 2 * address, badge.rows) + DeliveryRowContent.spacing(after: category, typesetter: typesetter)
    }

    static func category(_ context: LayoutContext) -> ContentSizeCategory {
        ContentSizeCategory(rawValue: context.category) ?? .large
    }
}
