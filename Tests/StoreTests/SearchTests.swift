import Foundation
import Model
import Testing
@testable import Store

@Suite struct SearchTests {
    /// The brute-force answer: every query word, folded, is a
    /// substring of the folded id, name or address, inside words too.
    private static func matches(_ delivery: Delivery, query: String, filter: StatusFilter) -> Bool {
        if let status = filter.status, delivery.status != status { return false }
        let fields = [delivery.id, delivery.name, delivery.address.line1 + (delivery.address.line2.map { " " + $0 } ?? "")]
            .map { SearchFolding.fold($0) }
        return SearchFolding.words(of: query).allSatisfy { word in fields.contains { $0.contains(word) } }
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
                       "佐藤", "東京", "京都", "区", "世田谷", "谷区", "丁目", "1丁目", "市 区", "北京市朝阳", "座通", "4丁", "ソコロフ", "サン", "dlv", "dlv-0001", "DLV 00012", "rue riv", "market 1", "42", "x", "\"feng\" OR *",
                       "  ", "-", "strasse", "str", "ss", "ü", "ll", "oe", "рев", "αθ", "ee"]
        for query in queries {
            for filter in StatusFilter.allCases {
                let found = try store.search(query, status: filter)
                let expected = deliveries.filter { Self.matches($0, query: query, filter: filter) }
                #expect(found.count == expected.count, "\(query) \(filter)")
                #expect((0..<found.count).map(found.delivery(at:)) == expected, "\(query) \(filter)")
            }
        }
        // The sample has Chinese and Japanese text, so those queries are not vacuous.
        for query in ["区", "京都", "座通", "丁目", "北京市朝阳", "4丁目"] {
            #expect(try store.search(query).count > 0, "\(query)")
        }
    }

    /// After status changes in the store and a staged re-import that renames
    /// some deliveries, adds new ones and leaves the rest (copied over, then
    /// indexed in long transactions), search still agrees with brute force
    /// over what the store should hold.
    @Test func searchAgreesWithBruteForceAfterStatusChangesAndAReimport() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let first = SampleManifest.deliveries(count: 400)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(first, to: folder, name: "first.json"))
        var expected = first
        for index in stride(from: 0, to: first.count, by: 7) where first[index].status != .failed {
            try store.setStatus(.failed, forDeliveryID: first[index].id)
            expected[index].status = .failed
        }
        // Every other delivery again (a third of them renamed and moved), then new ones.
        var second: [Delivery] = []
        for index in stride(from: 0, to: first.count, by: 2) {
            var delivery = first[index]
            if index % 3 == 0 {
                delivery.name = "Zoë Straße \(index)"
                delivery.address.line1 = "Mühlenweg \(index)"
                expected[index].name = delivery.name
                expected[index].address = delivery.address
            }
            second.append(delivery)
        }
        let added = SampleManifest.deliveries(count: 150, idPrefix: "NEW")
        second += added
        expected += added
        try store.importManifest(at: try SampleManifest.write(second, to: folder, name: "second.json"))
        #expect(try store.count() == expected.count)
        for query in ["", "zoe", "strasse 12", "muhlen", "weg 1", "new-0001", "dlv-0003", "e", "ss", "佐藤", "feng", "1 2"] {
            for filter in StatusFilter.allCases {
                let found = try store.search(query, status: filter)
                let matching = expected.filter { Self.matches($0, query: query, filter: filter) }
                #expect((0..<found.count).map(found.delivery(at:)) == matching, "\(query) \(filter)")
            }
        }
        #expect(try store.search("muhlen", status: .failed).count > 0, "a renamed delivery whose saved status survived")
        #expect(try store.statusCounts() == StatusCounts(counting: expected))
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

    @Test func unspacedScriptsAreSpacedOutAndTheirRunsKept() {
        #expect(UnspacedScript.spacedOut("2450 Mission Street") == nil)
        #expect(UnspacedScript.spacedOut("Ελένη Παπαδοπούλου") == nil)
        #expect(UnspacedScript.spacedOut("東京都 3-6") == " 東  京  都  3-6")
        #expect(UnspacedScript.spacedOut("서울 강남구") == " 서  울   강  남  구 ")
    }

    /// A substring from the middle of a run of ideographs is found (the
    /// tokenizer alone would take the whole run as one word and miss it).
    @Test func textInTheMiddleOfAJapaneseOrChineseAddressIsFound() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let box = [Item(name: "Box", quantity: 1)]
        let tokyo = Delivery(id: "DLV-1", name: "佐藤 花子", address: Address(line1: "〒154-0024 東京都世田谷区三軒茶屋1丁目32-6"), items: box)
        let beijing = Delivery(id: "DLV-2", name: "王伟", address: Address(line1: "北京市朝阳区建国路93号"), items: box)
        let scattered = Delivery(id: "DLV-3", name: "谷 世田", address: Address(line1: "Main Street"), items: box)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write([tokyo, beijing, scattered], to: folder))
        func ids(_ query: String) throws -> [String] {
            let found = try store.search(query)
            return (0 ..< found.count).map { found.delivery(at: $0).id }
        }
        #expect(try ids("世田谷") == ["DLV-1"], "a run must stand together, not just be there")
        #expect(try ids("三軒茶屋") == ["DLV-1"])
        #expect(try ids("朝阳区") == ["DLV-2"])
        #expect(try ids("伟") == ["DLV-2"])
        #expect(try ids("区") == ["DLV-1", "DLV-2"])
        #expect(try ids("谷").count == 2)
        #expect(try ids("花子 東京") == ["DLV-1"])

        // A status change rewrites the row's index entry: still found, by status too.
        try store.setStatus(.delivered, forDeliveryID: "DLV-1")
        #expect(try ids("世田谷") == ["DLV-1"])
        let delivered = try store.search("茶屋", status: .delivered)
        #expect(delivered.count == 1)
    }
}
