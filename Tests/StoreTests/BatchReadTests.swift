import Foundation
import Model
import Testing
@testable import Store

/// Reads of many rows at once (a run's text lengths for the height
/// estimates, the height sample spread over the list) give what reading
/// the rows one by one gives, across page boundaries, for every kind of list.
@Suite struct BatchReadTests {
    @Test func runsAndSamplesReadWhatRowsRead() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        // More rows than a page of text lengths (1,024) and many pages of deliveries (64).
        let deliveries = SampleManifest.deliveries(count: 2_500)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let lists: [(String, () throws -> StoredDeliveries)] = [
            ("all", { try store.deliveries() }),
            ("a search", { try store.search("street") }),
            ("a filter", { try store.search("", status: .pending) }),
            ("a sorted list", { try store.search("", sort: .name) }),
        ]
        for (name, list) in lists {
            // A fresh list each time, so that nothing is read before the batch (a search learns positions lazily).
            let fresh = try list()
            let n = fresh.count
            #expect(n > 100, "\(name)")
            let indices = [n - 1, 0, n / 2, 64, 63, n + 5, -1]
            let sampled = fresh.deliveriesWithLengths(at: indices)
            let reference = try list()
            for (index, row) in zip(indices, sampled) {
                if index >= 0, index < n {
                    #expect(row.delivery == reference.delivery(at: index), "\(name), row \(index)")
                    #expect(row.lengths == reference.textLengths(at: index), "\(name), row \(index)")
                } else {
                    #expect(row.delivery.id.isEmpty, "\(name): row \(index) is out of range")
                }
            }
            let lengths = (0 ..< n).map(reference.textLengths(at:))
            #expect(try list().textLengths(in: 0 ..< n) == lengths, "\(name)")
            for run in [1_000 ..< 1_100, 5 ..< 6, 0 ..< 0, max(0, n - 3) ..< n] where run.upperBound <= n {
                #expect(try list().textLengths(in: run) == Array(lengths[run]), "\(name), rows \(run)")
            }
            #expect(try list().textLengths(in: (n - 1) ..< (n + 2)).suffix(2) == [TextLengths(name: 0, address: 0, window: 0)] + [TextLengths(name: 0, address: 0, window: 0)])
        }
    }
}
