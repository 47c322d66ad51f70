import ContentDigest
import Foundation
import Model
import Synchronization
import Testing
@testable import Store

/// An import's threads end before it returns, however it ends: a command
/// exits right after a failed import, and a thread still working then (a
/// reader hashing the manifest in libcrypto) crashed in exit's cleanup.
@Suite struct ImportThreadTests {
    /// What the reading thread did, as it saw it.
    private struct ReaderTrace {
        var stoppedByTheImporter = false
        var ended = false
    }

    @Test func aFailedImportReturnsOnlyAfterItsReadingThreadHasEnded() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("replica.sqlite"))
        try store.becomeReplica(of: "hub-1", address: "postgresql:///team")
        let trace = Mutex(ReaderTrace())
        // Ids in order, so the store's unique index on them is kept from the
        // first slice on and the repeated id fails the second slice, while
        // the reader still has rows to give: it would go on to `limit`, far
        // beyond what the writer takes before it fails.
        let limit = 100_000
        let repeated = 3_000
        let id = { @Sendable (number: Int) in "S\(String(format: "%07d", number))" }
        #expect(throws: StoreError.self) {
            try store.importSnapshot(read: { expect, body in
                expect(limit)
                do {
                    for number in 0 ..< limit {
                        try body(Delivery(id: id(number == repeated ? 0 : number), name: "N", address: Address(line1: "L")))
                    }
                } catch is CancellationError {
                    trace.withLock { $0.stoppedByTheImporter = true }
                    // Work the reader still does after it was told to stop,
                    // as a manifest's hash was: hundreds of megabytes through
                    // libcrypto, which an import that does not wait leaves running.
                    _ = ContentHash.sha256(Data(count: 256 << 20))
                    trace.withLock { $0.ended = true }
                    throw CancellationError()
                }
            })
        }
        let seen = trace.withLock { $0 }
        #expect(seen.stoppedByTheImporter, "the reader was still reading when the import failed, and was stopped")
        #expect(seen.ended, "the import returned only after its reader had finished")
        #expect(try store.count() == 0)
    }

    @Test func aHashNoLongerWantedStopsWithinAMegabyteAndOneWantedIsTheSame() {
        let data = Data((0 ..< (5 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var asked = 0
        #expect(ContentHash.sha256(data, unless: {
            asked += 1
            return asked == 2
        }) == nil)
        #expect(asked == 2, "asked after each megabyte, and no more once stopped")
        #expect(ContentHash.sha256(data, unless: { false }) == ContentHash.sha256(data))
        #expect(ContentHash.sha256(Data("abc".utf8), unless: { true })
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "the last megabyte done, the hash is whole")
    }
}
