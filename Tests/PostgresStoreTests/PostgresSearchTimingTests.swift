import Foundation
import Model
import PostgresStore
import Store
import Testing

private let timingURL = ProcessInfo.processInfo.environment["IDELIVERMOBILE_PG_TIMING_URL"]

/// What a keystroke in the search field costs on a big PostgreSQL store, in
/// this process: the search (count and first positions), where the selected
/// delivery is in it, and the first screen's rows and lengths. It measures
/// and prints; it asserts only that the searches find what SQL finds, since
/// a shared machine's clock proves nothing. Runs only when
/// `IDELIVERMOBILE_PG_TIMING_URL` names a store (e.g. one holding `generate
/// --count 1000000`), so `make test` skips it.
@Suite(.enabled(if: timingURL != nil, "IDELIVERMOBILE_PG_TIMING_URL is not set: no big store to time searches on"))
struct PostgresSearchTimingTests {

    @Test func searchPerKeystroke() throws {
        let store = try PostgresDeliveryStore(url: try #require(timingURL))
        let total = try store.count()
        let selected = try #require(try store.deliveries().delivery(at: total / 2).id as String?)
        let queries = ["k", "ki", "kin", "king", "kingf", "kingfisher", "str", "strasse", "mission", "london", "dlv-0424242",
                       "東京都", "αθηνα", "road 12", "zzq"]
        print("Search per keystroke on \(total) rows (median of 5, ms): search | + selection kept | + first screen")
        for query in queries {
            var times: [(Double, Double, Double)] = []
            var found = 0
            for _ in 0..<5 {
                let start = Date()
                let rows = try store.search(query, status: .all, sort: .manifest)
                let searched = Date()
                _ = rows.row(nearestTo: selected)
                let placed = Date()
                for row in 0..<min(rows.count, 20) { _ = rows.delivery(at: row) }
                _ = rows.textLengths(at: min(rows.count, 1000) - 1)
                let shown = Date()
                found = rows.count
                times.append((searched.timeIntervalSince(start), placed.timeIntervalSince(start), shown.timeIntervalSince(start)))
            }
            func median(_ values: [Double]) -> String { String(format: "%.1f", values.sorted()[values.count / 2] * 1000) }
            print("  \(query): \(found) found, \(median(times.map(\.0))) | \(median(times.map(\.1))) | \(median(times.map(\.2)))")
            #expect(found <= total)
        }
    }

    /// Each sort order's first screen, and its last (the End key), on every
    /// row and on one status; asserts only that every row is listed.
    @Test func sortedListsFirstScreenAndEnd() throws {
        let store = try PostgresDeliveryStore(url: try #require(timingURL))
        let total = try store.count()
        print("Sorted lists on \(total) rows (median of 3, ms): list + first screen | End (last screen)")
        for order in DeliveryOrder.allCases {
            for filter in [StatusFilter.all, .failed] {
                var times: [(Double, Double)] = []
                var count = 0
                for _ in 0..<3 {
                    let start = Date()
                    let rows = try store.search("", status: filter, sort: order)
                    for row in 0..<min(rows.count, 20) { _ = rows.delivery(at: row) }
                    let first = Date()
                    for row in max(0, rows.count - 20)..<rows.count { _ = rows.delivery(at: row) }
                    _ = rows.textLengths(at: rows.count - 1)
                    let end = Date()
                    count = rows.count
                    times.append((first.timeIntervalSince(start), end.timeIntervalSince(first)))
                }
                func median(_ values: [Double]) -> String { String(format: "%.1f", values.sorted()[values.count / 2] * 1000) }
                print("  \(order) \(filter): \(count) rows, \(median(times.map(\.0))) | \(median(times.map(\.1)))")
                #expect(filter != .all || count == total)
            }
        }
    }
}
