import Foundation
import Manifest
import Model
import Synchronization

/// An import's manifest read by two threads at once: one from the start, the
/// other from a cut near the middle, which it first finds by following only
/// strings and brackets (`ManifestReader.checkpoint(in:atOrAfter:)`, a small
/// part of what checking the file costs). Each parses, checks and encodes
/// COPY rows (`HubImportRow`) from its side; the first stops at the cut and
/// confirms that it ended exactly there, the rest reads to the end.
/// Parsing is the costly half of an import, and one core is not enough.
///
/// Rows go out before the whole manifest is known to be good, so the caller
/// sends them inside a transaction and rolls it back when a part fails. The
/// problem reported is then the manifest's first, as one checking pass finds
/// it (`problem()`): a part may fail after a problem the other has not
/// reached yet, and a repeated id is found by the hub's unique key
/// (`noteRepeatedID()`).
final class HubManifestParts: Sendable {
    /// Both parts' COPY chunks, each part's in order, as they are made
    /// (each row carries its position, so their order in the table is the server's business).
    let chunks = BoundedQueue<HubCopyBuffer>(capacity: 8, producers: 2)

    /// The first part reads at least this fraction of the file.
    static let firstShare = 0.5
    /// Bytes of COPY data per chunk handed over.
    static let chunkBytes = 1 << 20

    private struct Cut {
        /// The last delivery the first part has read.
        var taken = -1
        /// Where the first part ends: nil until the rest's thread has decided,
        /// then the checkpoint, or none when the first part reads it all.
        var end: ManifestCheckpoint??
        /// How many deliveries each part read, once done.
        var counts: [Int] = []
    }

    private let cut = Mutex(Cut())
    /// The two reading threads, once started: `cancel()` waits for them.
    private let threads = Mutex<[JoinedThread]>([])
    /// The manifest, mapped: each thread hands back the pages it has read.
    private let manifest: ManifestFile
    private var data: Data { manifest.data }
    private let file: String
    private let reader: ManifestReader
    /// The feed position the rows' revisions count from (`HubImportRow`).
    private let revisionBase: Int64
    private let progress: (@Sendable (ImportProgress) -> Void)?
    private let bytesRead = Atomic<Int>(0)
    private let deliveriesRead = Atomic<Int>(0)
    /// A part failed, or the hub found an id twice: the manifest is to be checked for its problem.
    private let suspect = Atomic<Bool>(false)

    /// The first part ended somewhere other than the cut: the scan and the parser disagreed (a fault of this program).
    struct Misread: Error, CustomStringConvertible {
        let checkpoint: ManifestCheckpoint
        let offset: Int
        var description: String {
            "the manifest's parts did not meet: delivery \(checkpoint.index - 1) ends at byte \(offset), not \(checkpoint.offset)"
        }
    }

    init(manifest: ManifestFile, file: String, reader: ManifestReader, revisionBase: Int64, progress: (@Sendable (ImportProgress) -> Void)?) {
        self.manifest = manifest
        self.file = file
        self.reader = reader
        self.revisionBase = revisionBase
        self.progress = progress
    }

    /// Starts both threads; `cancel()` must follow.
    func start() {
        progress?(ImportProgress(phase: .importing, done: 0, total: data.count))
        let rest = JoinedThread { self.findTheCutThenReadTheRest() }
        let first = JoinedThread {
            self.read(from: nil) { index, offset in
                try self.cut.withLock { cut in
                    cut.taken = index
                    guard case let end?? = cut.end, index == end.index - 1 else { return false }
                    guard offset == end.offset else { throw Misread(checkpoint: end, offset: offset) }
                    return true
                }
            }
        }
        threads.withLock { $0 = [rest, first] }
    }

    /// Stops both threads (the consumer is done or gave up) and waits for
    /// them to end: the import returns, and the command may exit, only then.
    func cancel() {
        chunks.cancel()
        for thread in threads.withLock({ threads in defer { threads = [] }; return threads }) { thread.join() }
    }

    /// How many deliveries the manifest holds: asked once every chunk has been taken.
    func total() -> Int {
        cut.withLock { $0.counts.reduce(0, +) }
    }

    /// The hub refused the rows for an id it already had from them: the manifest repeats an id.
    func noteRepeatedID() {
        suspect.store(true, ordering: .relaxed)
    }

    /// The manifest's first problem, as a checking pass finds it, when the
    /// import failed because of the manifest (a part's problem, a repeated id); nil otherwise.
    func problem() -> ManifestError? {
        guard suspect.load(ordering: .relaxed) else { return nil }
        defer { manifest.releaseAll() }
        do throws(ManifestError) {
            _ = try reader.validate(data, file: file, progress: manifest.release(before:))
            return nil
        } catch {
            return error
        }
    }

    private func findTheCutThenReadTheRest() {
        var scanned = 0
        let found = reader.checkpoint(in: data, atOrAfter: Int(Double(data.count) * Self.firstShare)) { offset in
            // The first part reads these pages again from the page cache.
            self.manifest.release(scanned ..< offset)
            scanned = offset
        }
        let start = cut.withLock { cut in
            // Only ahead of the first part, which otherwise reads it all.
            let start = found.flatMap { $0.index - 1 > cut.taken ? $0 : nil }
            cut.end = .some(start)
            return start
        }
        guard let start else {
            cut.withLock { $0.counts.append(0) }
            chunks.finish(error: nil)
            return
        }
        read(from: start) { _, _ in false }
    }

    /// Parses and encodes deliveries as COPY rows into `chunks` from `start`
    /// until `ends` says a delivery (by index and end offset) is the last, or the manifest ends.
    private func read(from start: ManifestCheckpoint?, ends: (Int, Int) throws -> Bool) {
        struct PartEnd: Error {}
        var buffer = HubCopyBuffer(capacity: Self.chunkBytes + 4096)
        var row = HubImportRow()
        var count = 0
        var unsent = 0
        var read = start?.offset ?? 0
        let handBack = { (offset: Int) in
            self.manifest.release(read ..< offset)
            self.report(bytes: offset - read, deliveries: 0)
            read = offset
        }
        do {
            do {
                try reader.forEachDelivery(in: data, file: file, from: start, progress: handBack) { index, delivery, offset in
                    let position = Int32(index + 1)
                    row.append(delivery, position: position, revision: revisionBase + Int64(position), to: buffer)
                    count += 1
                    unsent += 1
                    if buffer.count >= Self.chunkBytes {
                        guard chunks.put(buffer) else { throw CancellationError() }
                        report(bytes: 0, deliveries: unsent)
                        unsent = 0
                        buffer = HubCopyBuffer(capacity: Self.chunkBytes + 4096)
                    }
                    if try ends(index, offset) {
                        handBack(offset)
                        throw PartEnd()
                    }
                }
                handBack(data.count)
            } catch is PartEnd {}
            if buffer.count > 0 { _ = chunks.put(buffer) }
            report(bytes: 0, deliveries: unsent)
            cut.withLock { $0.counts.append(count) }
            chunks.finish(error: nil)
        } catch {
            if !(error is CancellationError) { suspect.store(true, ordering: .relaxed) }
            chunks.finish(error: error)
        }
    }

    /// Both parts' reading so far, as bytes of the file and deliveries sent.
    private func report(bytes: Int, deliveries: Int) {
        let done = bytesRead.add(bytes, ordering: .relaxed).newValue
        let sent = deliveriesRead.add(deliveries, ordering: .relaxed).newValue
        progress?(ImportProgress(phase: .importing, done: min(done, data.count), total: data.count, deliveries: sent))
    }
}
