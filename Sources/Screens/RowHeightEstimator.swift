import Model
import Typesetting

/// The Deliveries row's height guessed from its texts' lengths alone, with
/// everything that depends only on the width and the text size worked out
/// once: idle refinement estimates thousands of rows a slice, and asking the
/// typesetter's caches for each row's faces cost as much as reading the rows.
///
/// Mirrors `DeliveryRowContent`: the name, the address (from Small down with
/// the window run on after it, " · " + window) and the window, each wrapped
/// at an average advance per character with no wrapping losses, beside the
/// status badge, and the spacing under the row.
struct RowHeightEstimator {
    /// Characters a line holds, and terminal rows a line takes, per style.
    private struct Lines {
        var characters: Int
        var rows: Int

        init(_ style: TextStyle, textWidth: Int, category: ContentSizeCategory, typesetter: Typesetter) {
            characters = max(1, Int(Double(textWidth) / typesetter.estimatedAdvance(for: style, at: category)))
            rows = typesetter.rowsPerLine(for: style, at: category)
        }

        func rows(for count: Int, limit: Int) -> Int {
            guard count > 0 else { return 0 }
            return min(limit, (count + characters - 1) / characters) * rows
        }
    }

    private let name: Lines
    private let address: Lines
    private let window: Lines
    private let windowJoinsAddress: Bool
    private let badgeRows: Int
    private let spacing: Int

    init(width: Int, category: ContentSizeCategory, typesetter: Typesetter) {
        // The badge's width does not depend on the status (every title is padded alike).
        let badge = StatusBadge(status: .pending, category: category)
        let textWidth = max(1, width - DeliveryRowContent.textX(badgeColumns: badge.columns, typesetter: typesetter) - DeliveryRowContent.margin)
        name = Lines(.headline, textWidth: textWidth, category: category, typesetter: typesetter)
        address = Lines(.subheadline, textWidth: textWidth, category: category, typesetter: typesetter)
        window = Lines(.caption1, textWidth: textWidth, category: category, typesetter: typesetter)
        windowJoinsAddress = DeliveryRowContent.windowJoinsAddress(at: category)
        badgeRows = badge.rows
        spacing = DeliveryRowContent.spacing(after: category, typesetter: typesetter)
    }

    func height(for lengths: TextLengths) -> Int {
        let limits = DeliveryRowContent.lineLimit
        let joined = windowJoinsAddress && lengths.window > 0
        let addressCharacters = max(1, lengths.address) + (joined ? lengths.window + 3 : 0)
        let text = name.rows(for: max(1, lengths.name), limit: limits.name)
            + address.rows(for: addressCharacters, limit: limits.address)
            + window.rows(for: joined ? 0 : lengths.window, limit: limits.window)
        return max(text, badgeRows) + spacing
    }
}
