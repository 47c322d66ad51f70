import Foundation
import Model
import Testing
@testable import Store

/// A large search result's remaining positions learnt by a worker off the
/// loop: stopped by its `ReadInterruption` (nothing learnt, the result reads
/// on as before), or learnt in one read, after which every row is cheap and
/// in the same order as brute force.
@Suite struct RemainingPositionsTests {
    @Test func anInterruptedReadLearnsNothingAndAFullOneLearnsEveryRow() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 600)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"), listing: ResultListing(eagerLimit: 0, firstChunk: 7))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let expected = deliveries.filter { $0.status == .pending }
        let pending = try store.search("", status: .pending)
        #expect(pending.count == expected.count)
        // At most the first chunk is known (no row read yet): the rest is still to learn.
        let firstKnown = pending.knownPositions.count
        #expect(firstKnown <= 7)
        #expect(pending.cheaplyReadableRows < pending.count)

        let interruption = ReadInterruption()
        interruption.interrupt()
        #expect(throws: StoreError.self) {
            try ReadInterruption.$current.withValue(interruption) { try pending.learnRemainingRows() }
        }
        #expect(pending.knownPositions.count == firstKnown)

        try pending.learnRemainingRows()
        #expect(pending.knownPositions.count == expected.count)
        #expect(pending.cheaplyReadableRows == pending.count)
        #expect((0..<pending.count).map(pending.delivery(at:)) == expected)
        // Learnt already: a second call reads nothing and says the same.
        try pending.learnRemainingRows()
        #expect(pending.knownPositions.count == expected.count)
    }
}
