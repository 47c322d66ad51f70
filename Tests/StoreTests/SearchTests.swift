import Foundation
import Model
import Testing
@testable import Store

@Suite struct SearchTests {
    /// Words as the index sees them: runs of letters and digits, lower-cased, Latin accents removed.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word += fold(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    private static func fold(_ character: Character) -> String {
        let lower = character.lowercased()
        let isLatin = character.unicodeScalars.first.map { $0.value < 0x250 } ?? false
        return isLatin ? lower.folding(options: .diacriticInsensitive, locale: nil) : lower
    }

    /// The brute-force answer: every finished query word is a word of the id,
    /// name or address, and the word still being typed starts one.
    private static func matches(_ delivery: Delivery, query: String, filter: StatusFilter) -> Bool {
        if let status = filter.status, delivery.status != status { return false }
        let haystack = words(delivery.id + " " + delivery.name + " " + delivery.address.line1 + " " + (delivery.address.line2 ?? ""))
        var wanted = words(query)
        let endsInWord = query.last.map { $0.isLetter || $0.isNumber } ?? false
        let typing = endsInWord ? wanted.popLast() : nil
        return wanted.allSatisfy(haystack.contains) && (typing.map { word in haystack.contains { $0.hasPrefix(word) } } ?? true)
    }

    /// Eager listing, and lazy listing with tiny chunks, so both paths are checked.
    static let listings = [ResultListing(), ResultListing(eagerLimit: 0, firstChunk: 7)]

    @Test(arguments: listings)
    func searchAgreesWithABruteForceFilter(listing: ResultListing) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 600)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"), listing: listing)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let queries = ["", "f", "fe", "FENG", "feng ", "zoe", "Zoë", "mull", "jose garc", "jos garc", "дми", "невск", "ελ",
                       "佐藤", "東京", "dlv", "dlv-0001", "DLV 00012", "rue riv", "market 1", "42", "x", "\"feng\" OR *",
                       "  ", "-"]
        for query in queries {
            for filter in StatusFilter.allCases {
                let found = try store.search(query, status: filter)
                let expected = deliveries.filter { Self.matches($0, query: query, filter: filter) }
                #expect(found.count == expected.count, "\(query) \(filter)")
                #expect((0..<found.count).map(found.delivery(at:)) == expected, "\(query) \(filter)")
            }
        }
    }

    @Test(arguments: listings)
    func resultsShowStatusChangesAndPageLikeTheFullList(listing: ResultListing) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 1200)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"), listing: listing)
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let pending = try store.search("", status: .pending)
        let expected = deliveries.filter { $0.status == .pending }
        #expect(pending.count == expected.count)
        for index in stride(from: pending.count - 1, through: 0, by: -1) {
            #expect(pending.delivery(at: index) == expected[index])
            #expect(pending.textLengths(at: index) == TextLengths(of: expected[index]))
        }
        try store.setStatus(.delivered, forDeliveryID: expected[0].id)
        #expect(pending.delivery(at: 0).status == .delivered)
        #expect(try store.search("", status: .pending).count == expected.count - 1)
    }

    @Test func queriesNeverBecomeFTSSyntax() {
        #expect(SearchExpression.match(for: "DLV-00") == "\"DLV\" \"00\"*")
        #expect(SearchExpression.match(for: "a \"OR\" b*") == "\"a\" \"OR\" \"b\"")
        #expect(SearchExpression.match(for: " -*() ") == nil)
        #expect(SearchExpression.match(for: "feng", status: .outForDelivery) == "\"feng\"* \"\u{E000}outfordelivery\"")
    }
}
