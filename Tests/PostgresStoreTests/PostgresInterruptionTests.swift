import Foundation
import Model
@testable import PostgresStore
import Store
import TestSupport
import Testing

/// A search or count the next keystroke replaced stops at the next query
/// it would send (`PostgresLink.servesInterruptibleReads`), as the SQLite
/// store's reads stop; page reads and status changes never do.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresInterruptionTests {
    @Test func aSupersededSearchSendsNoMoreQueriesWhileOtherReadsAndWritesGoOn() throws {
        let fixture = try PostgresFixture()
        let deliveries = PostgresFixture.deliveries(count: 200, seed: 41)
        let store = try fixture.open()
        try store.importManifest(at: try fixture.write(deliveries))
        let word = deliveries[9].id.lowercased()
        // Not stopped: the search is answered in a sorted order, through its own connection.
        let found = try ReadInterruption.$current.withValue(ReadInterruption()) {
            try store.search(word, status: .all, sort: .name)
        }
        #expect(PostgresFixture.rows(found).map(\.id) == [deliveries[9].id])
        // Stopped: neither the search nor the count asks the server anything more.
        let stopped = ReadInterruption()
        stopped.interrupt()
        try ReadInterruption.$current.withValue(stopped) {
            #expect { _ = try store.search(word + "x", status: .all, sort: .name) } throws: { error in
                "\(error)".contains("a newer read replaced it")
            }
            #expect { _ = try store.statusCounts(matching: word + "y") } throws: { error in
                "\(error)".contains("a newer read replaced it")
            }
            // The pages the screen shows and a status change are not such reads.
            #expect(PostgresFixture.rows(try store.deliveries()).count == deliveries.count)
            let status: DeliveryStatus = deliveries[9].status == .failed ? .delivered : .failed
            try store.setStatus(status, forDeliveryID: deliveries[9].id)
            #expect(try store.deliveries().delivery(at: 9).status == status)
        }
        // The next search, not stopped, is answered as before.
        #expect(try store.search(word, status: .all, sort: .name).count == 1)
    }
}
