import Foundation
import Manifest
import Model
import NIOCore
import Store
import Synchronization

/// An import's manifest read by two threads at once: one from the start, the
/// other from a cut near the middle, which it first finds by following only
/// strings and brackets (`ManifestReader.checkpoint(in:atOrAfter:)`, a small
/// part of what checking the file costs). Each parses, checks, folds and
/// encodes COPY rows from its side; the first stops at the cut and confirms
/// that it ended exactly there, the rest reads to the end of the file.
/// Parsing and folding is the costly half of an import, and one core is not
/// enough for it.
///
/// Rows go out before the whole manifest is known to be good, so the caller
/// sends them inside a transaction and rolls it back when a part fails. The
/// problem it reports is then the manifest's first, as one checking pass
/// finds it (`problem()`): a part may fail after a problem the other has not
/// reached yet, and a repeated id is found by the store's unique key
/// (`noteRepeatedID()`).
final class ManifestParts: Sendable {
    /// The words of the deliveries before the cut, then of the rest, each
    /// once its thread is done: positions in `firstWords` all come before those in `restWords`.
    let firstWords = BoundedQueue<SearchWords>(capacity: 1)
    let restWords = BoundedQueue<SearchWords>(capacity: 1)
    /// Likewise each part's keys of the text orders (`TextOrderBuilder`).
    let firstOrders = BoundedQueue<TextOrderBuilder>(capacity: 1)
    let restOrders = BoundedQueue<TextOrderBuilder>(capacity: 1)
    /// Both parts' COPY chunks, each part's in order, as they are made (each
    /// row carries its position, so their order in the table is the server's business).
    let chunks = BoundedQueue<ByteBuffer>(capacity: 8, producers: 2)

    /// The first part reads at least this fraction of the file: the rest's
    /// thread scans up to the cut before it parses.
    static let firstShare = 0.5

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

    /// The manifest, mapped: each thread hands back the pages it has read, so
    /// that the passes do not keep the whole file resident.
    private let manifest: ManifestFile
    private var data: Data { manifest.data }
    private let file: String
    private let reader: ManifestReader
    private let gathersIndexes: Bool
    private let progress: (@Sendable (ImportProgress) -> Void)?
    private let bytesRead = Atomic<Int>(0)
    private let deliveriesRead = Atomic<Int>(0)
    /// A part failed, or the store found an id twice: the manifest is to be checked for its problem.
    private let suspect = Atomic<Bool>(false)

    /// The first part ended somewhere other than the cut: the scan and the parser disagreed (a fault of this program).
    struct Misread: Error, CustomStringConvertible {
        let checkpoint: ManifestCheckpoint
        let offset: Int
        var description: String {
            "the manifest's parts did not meet: delivery \(checkpoint.index - 1) ends at byte \(offset), not \(checkpoint.offset)"
        }
    }

    /// `gathersIndexes`: each part gathers the words of its deliveries' search
    /// texts (`SearchWords`) and the keys of their text orders (`TextOrderBuilder`).
    init(
        manifest: ManifestFile, file: String, reader: ManifestReader, gathersIndexes: Bool,
        progress: (@Sendable (ImportProgress) -> Void)?
    ) {
        self.manifest = manifest
        self.file = file
        self.reader = reader
        self.gathersIndexes = gathersIndexes
        self.progress = progress
    }

    /// Starts both threads.
    func start() {
        progress?(ImportProgress(phase: .importing, done: 0, total: data.count))
        Thread { self.findTheCutThenReadTheRest() }.start()
        Thread {
            self.read(into: (self.firstWords, self.firstOrders), from: nil) { index, offset in
                try self.cut.withLock { cut in
                    cut.taken = index
                    guard case let end?? = cut.end, index == end.index - 1 else { return false }
                    guard offset == end.offset else { throw Misread(checkpoint: end, offset: offset) }
                    return true
                }
            }
        }.start()
    }

    /// Stops both threads (the consumer gave up).
    func cancel() {
        chunks.cancel()
    }

    /// How many deliveries the manifest holds: asked once every chunk has been taken.
    func total() -> Int {
        cut.withLock { $0.counts.reduce(0, +) }
    }

    /// The store refused the rows for an id it already had from them: the manifest repeats an id.
    func noteRepeatedID() {
        suspect.store(true, ordering: .relaxed)
    }

    /// The manifest's first problem, as a checking pass finds it, when the
    /// import failed because of the manifest (a part's problem, a repeated id); nil otherwise.
    func problem() -> ManifestError? {
        guard suspect.load(ordering: .relaxed) else { return nil }
        do throws(ManifestError) {
            _ = try reader.validate(data, file: file, progress: manifest.release(before:))
            manifest.releaseAll()
            return nil
        } catch {
            manifest.releaseAll()
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
            restWords.finish(error: nil)
            restOrders.finish(error: nil)
            chunks.finish(error: nil)
            return
        }
        read(into: (restWords, restOrders), from: start) { _, _ in false }
    }

    /// Parses and encodes deliveries as COPY rows into `chunks` from `start`
    /// until `ends` says a delivery (by index and end offset) is the last,
    /// or the manifest ends, handing their words and text orders' keys to `gathered` when asked to.
    private func read(
        into gathered: (words: BoundedQueue<SearchWords>, orders: BoundedQueue<TextOrderBuilder>),
        from start: ManifestCheckpoint?, ends: (Int, Int) throws -> Bool
    ) {
        struct PartEnd: Error {}
        var buffer = ByteBuffer()
        buffer.reserveCapacity(PostgresImport.chunkBytes + 4096)
        var words = SearchWords()
        var orders = TextOrderBuilder()
        var items: [UInt8] = []
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
                    let sequence = Int32(index + 1)
                    let searchText = CopyRow.searchText(of: delivery)
                    CopyRow.append(delivery, sequence: sequence, searchText: searchText, items: &items, to: &buffer)
                    if gathersIndexes {
                        words.add(position: sequence, folded: searchText)
                        orders.add(name: delivery.name, window: delivery.window)
                    }
                    count += 1
                    unsent += 1
                    if buffer.readableBytes >= PostgresImport.chunkBytes {
                        guard chunks.put(buffer) else { throw CancellationError() }
                        report(bytes: 0, deliveries: unsent)
                        unsent = 0
                        buffer.clear()
                    }
                    if try ends(index, offset) {
                        handBack(offset)
                        throw PartEnd()
                    }
                }
                handBack(data.count)
            } catch is PartEnd {}
            if buffer.readableBytes > 0 { _ = chunks.put(buffer) }
            report(bytes: 0, deliveries: unsent)
            cut.withLock { $0.counts.append(count) }
            if gathersIndexes {
                _ = gathered.words.put(words)
                _ = gathered.orders.put(orders)
            }
            gathered.words.finish(error: nil)
            gathered.orders.finish(error: nil)
            chunks.finish(error: nil)
        } catch {
            if !(error is CancellationError) { suspect.store(true, ordering: .relaxed) }
            gathered.words.finish(error: error)
            gathered.orders.finish(error: error)
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
