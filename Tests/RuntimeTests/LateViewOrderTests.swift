import Model
import Runtime
import Screens
import SeededRandom
import Store
import Testing

/// The late view (`L`) lists its rows in the order the whole list does: for
/// every sort and filter, the late deliveries of the store's own ORDER BY,
/// whatever the names hold (cases outside ASCII, which SQLite's NOCASE keeps
/// apart; names alike but for case, which keep store order; punctuation
/// between the cases; NUL, after which NOCASE reads no further).
@Suite struct LateViewOrderTests {
    /// Pieces of hostile names: each Latin, Cyrillic and Greek letter in both
    /// cases, composed and decomposed accents, `ß` beside `SS`, dotted and
    /// dotless i, scripts without case, emoji, and `_ [ \``, which lie between
    /// `Z` and `a`.
    static let pieces = [
        "a", "A", "z", "Z", "_", "[", "`", "ä", "Ä", "é", "É", "e\u{301}", "E\u{301}", "д", "Д", "σ", "Σ", "ς",
        "ß", "SS", "ss", "İ", "ı", "i", "I", "東", "🙂", "Ängel", "ängel", "angel", "ANGEL", "Ωmega", "ωmega",
    ]
    /// Whole names alike up to a NUL and apart after it (to NOCASE, only their lengths differ).
    static let nulNames = ["q\u{0}b", "Q\u{0}a", "q\u{0}", "q\u{0}ab"]
    static let windows: [String?] = ["08:00-09:00", "9-12", "09:00-12:00", "10:00-11:30", "7:00-8:00", "13:00-17:00", nil, ""]
    static let now = TimeOfDay(minutesSinceMidnight: 12 * 60 + 30)

    static func deliveries(seed: UInt64, count: Int) -> [Delivery] {
        var random = SplitMix64(seed: seed)
        return (0 ..< count).map { index in
            func any<T>(_ choices: [T]) -> T { choices[Int.random(in: choices.indices, using: &random)] }
            let name = Int.random(in: 0 ..< 8, using: &random) == 0
                ? any(nulNames)
                : (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in any(pieces) }.joined(separator: " ")
            return Delivery(
                id: "LATE-\(index)", name: name, address: Address(line1: "\(index) Order Street"),
                status: any(DeliveryStatus.allCases), window: any(windows)
            )
        }
    }

    private func ids(_ rows: any DeliverySource) -> [String] {
        (0 ..< rows.count).map { rows.delivery(at: $0).id }
    }

    @Test(arguments: 0 ..< 8 as Range<UInt64>)
    func theLateViewListsTheLateRowsOfTheStoresOrder(seed: UInt64) throws {
        let fixture = try RuntimeFixture(deliveries: Self.deliveries(seed: seed, count: 80))
        let store = fixture.store
        for order in DeliveryOrder.allCases {
            // All (the late rows read at once) and a filter (streamed through the search).
            for filter in [StatusFilter.all, .pending] {
                let whole = try store.search("", status: filter, sort: order)
                let expected = (0 ..< whole.count).map(whole.delivery(at:)).filter { $0.isLate(at: Self.now) }.map(\.id)
                let late = try BrowseRuntime.rows(for: SearchRequest(query: "", status: filter, sort: order, lateAt: Self.now), in: store)
                #expect(ids(late) == expected, "seed \(seed), \(order), \(filter)")
            }
        }
    }
}
