import Foundation
import GRDB

/// Which deliveries a search keeps: all of them, those of one status (read
/// lazily through the status index), or the positions the word index found
/// (`SearchWordIndex`), every one known at once, ascending.
enum SearchMatches: Sendable {
    case all
    case status(String)
    case positions([Int32])

    /// What `text` (typed words) and `status` keep, the word index read in `db`.
    static func find(_ text: String, status: String?, _ db: Database) throws -> SearchMatches {
        let words = SubstringSearch.words(text)
        guard !words.isEmpty else { return status.map(SearchMatches.status) ?? .all }
        return .positions(try SearchWordIndex.positions(holding: words, status: status, db))
    }

    /// A `WHERE` clause over `delivery` keeping these rows (empty for all), and its arguments.
    var condition: (sql: String, arguments: StatementArguments) {
        switch self {
        case .all:
            ("", [])
        case let .status(status):
            ("WHERE status = ?", [status])
        case let .positions(positions):
            // One argument however many rows: the positions as a JSON array, read by json_each.
            ("WHERE position IN (SELECT value FROM json_each(?))", [Self.jsonArray(positions)])
        }
    }

    private static func jsonArray(_ positions: [Int32]) -> String {
        var json = "["
        json.reserveCapacity(positions.count * 8 + 2)
        for (index, position) in positions.enumerated() {
            if index > 0 { json += "," }
            json += String(position)
        }
        return json + "]"
    }
}
