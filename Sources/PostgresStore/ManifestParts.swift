import Foundation
import Manifest
import Model
import NIOCore
import Store
import Synchronization

/// An import's manifest read by two threads from the first moment: one checks
/// all of it (`ManifestReader.validate`, noting checkpoints) while the other
/// already parses, folds and encodes COPY rows from the start. When the check
/// is done, what is left is cut at the checkpoint nearest its middle, and the
/// checking thread reads from there on. Parsing and folding is the costly half
/// of an import, and one core is not enough for it.
///
/// Rows go out before the whole manifest is known to be good, so the caller
/// sends them inside a transaction and rolls it back when `checked()` throws:
/// a bad manifest still changes nothing, and its problem is reported as the
/// checking pass found it.
final class ManifestParts: Sendable {
    /// One thread's deliveries: its words once it is done.
    struct Part: Sendable {
        let words = BoundedQueue<SearchWords>(capacity: 1)
    }

    /// The first deliveries, then the rest: positions in `first` all come before those in `rest`.
    let first = Part()
    let rest = Part()
    /// Both parts' COPY chunks, each part's in order, as they are made: the
    /// first part's are sent while the rest is still being checked, rather
    /// than waiting for the rest's to take turns with (each row carries its
    /// position, so their order in the table is the server's business).
    let chunks = BoundedQueue<ByteBuffer>(capacity: 8, producers: 2)

    /// The deliveries between checkpoints (where the rest can start).
    static let checkpointInterval = 1024

    private struct Cut {
        /// The last delivery the first part has taken.
        var taken = -1
        /// Where the first part ends, once the check has cut the manifest.
        var end = Int.max
        /// How many deliveries the manifest holds, once checked.
        var total: Int?
    }

    private let cut = Mutex(Cut())
    /// The check's result: the number of deliveries, or the manifest's problem.
    private let checked = BoundedQueue<Int>(capacity: 1)

    /// The manifest, mapped: each pass hands back the pages it has read, so
    /// that the three passes do not keep the whole file resident.
    private let manifest: ManifestFile
    private var data: Data { manifest.data }
    private let file: String
    private let reader: ManifestReader
    private let gathersWords: Bool
    private let progress: (@Sendable (ImportProgress) -> Void)?
    private let written = Atomic<Int>(0)

    /// `gathersWords`: each part gathers the words of its deliveries' search texts (`SearchWords`).
    init(
        manifest: ManifestFile, file: String, reader: ManifestReader, gathersWords: Bool,
        progress: (@Sendable (ImportProgress) -> Void)?
    ) {
        self.manifest = manifest
        self.file = file
        self.reader = reader
        self.gathersWords = gathersWords
        self.progress = progress
    }

    /// Starts both threads.
    func start() {
        Thread { self.checkThenReadTheRest() }.start()
        Thread {
            self.read(self.first, from: nil, count: Int.max) { index in
                self.cut.withLock { cut in
                    guard index < cut.end else { return false }
                    cut.taken = index
                    return true
                }
            }
        }.start()
    }

    /// Stops both threads (the consumer gave up).
    func cancel() {
        chunks.cancel()
    }

    /// How many deliveries the manifest holds, once the check is done (waiting
    /// for it, and asked again after); throws the manifest's problem.
    func total() throws -> Int {
        guard let total = try checked.take() ?? cut.withLock({ $0.total }) else { throw CancellationError() }
        return total
    }

    /// The checkpoint to start the rest at: the one nearest the middle of
    /// what follows delivery `taken`, which the first part has reached; nil
    /// when none lies beyond it (the first part then reads to the end).
    static func restStart(after taken: Int, total: Int, checkpoints: [ManifestCheckpoint]) -> ManifestCheckpoint? {
        let middle = taken + 1 + (total - taken - 1) / 2
        return checkpoints.filter { $0.index > taken + 1 && $0.index < total }
            .min { abs($0.index - middle) < abs($1.index - middle) }
    }

    private func checkThenReadTheRest() {
        let progress = progress
        let size = data.count
        progress?(ImportProgress(phase: .checking, done: 0, total: size))
        let total: Int
        let start: ManifestCheckpoint?
        do {
            var handedBack = 0
            let (count, checkpoints) = try reader.validate(data, file: file, checkpointEvery: Self.checkpointInterval) { bytes in
                self.manifest.release(handedBack ..< bytes)
                handedBack = bytes
                progress?(ImportProgress(phase: .checking, done: bytes, total: size))
            }
            progress?(ImportProgress(phase: .checking, done: size, total: size))
            total = count
            start = cut.withLock { cut in
                let start = Self.restStart(after: cut.taken, total: count, checkpoints: checkpoints)
                cut.end = start?.index ?? Int.max
                cut.total = count
                return start
            }
            _ = checked.put(count)
            checked.finish(error: nil)
        } catch {
            checked.finish(error: error)
            // The first part stops at its next chunk.
            chunks.finish(error: error)
            rest.words.finish(error: error)
            return
        }
        guard let start else {
            rest.words.finish(error: nil)
            chunks.finish(error: nil)
            return
        }
        read(rest, from: start, count: total - start.index) { _ in true }
    }

    /// Parses and encodes deliveries as COPY rows into `chunks`, while
    /// `admits` each index, gathering their words when asked to.
    private func read(_ part: Part, from start: ManifestCheckpoint?, count: Int, admits: (Int) -> Bool) {
        struct PartEnd: Error {}
        var buffer = ByteBuffer()
        buffer.reserveCapacity(PostgresImport.chunkBytes + 4096)
        var words = SearchWords()
        var items: [UInt8] = []
        var sent = start?.index ?? 0
        var read = start?.offset ?? 0
        let handBack = { (offset: Int) in
            self.manifest.release(read ..< offset)
            read = offset
        }
        do {
            do {
                try reader.forEachDelivery(in: data, file: file, from: start, count: count, progress: handBack) { index, delivery in
                    guard admits(index) else { throw PartEnd() }
                    let sequence = Int32(index + 1)
                    let searchText = CopyRow.searchText(of: delivery)
                    CopyRow.append(delivery, sequence: sequence, searchText: searchText, items: &items, to: &buffer)
                    if gathersWords { words.add(position: sequence, folded: searchText) }
                    if buffer.readableBytes >= PostgresImport.chunkBytes {
                        guard chunks.put(buffer) else { throw CancellationError() }
                        report(index + 1 - sent)
                        sent = index + 1
                        buffer.clear()
                    }
                }
            } catch is PartEnd {}
            if buffer.readableBytes > 0 { _ = chunks.put(buffer) }
            if gathersWords { _ = part.words.put(words) }
            part.words.finish(error: nil)
            chunks.finish(error: nil)
        } catch {
            part.words.finish(error: error)
            chunks.finish(error: error)
        }
    }

    /// Rows written, once the check has said how many there are (before, the check's own progress shows).
    private func report(_ rows: Int) {
        let done = written.add(rows, ordering: .relaxed).newValue
        guard let progress, let total = cut.withLock({ $0.total }) else { return }
        progress(ImportProgress(phase: .writing, done: min(done, total), total: total))
    }
}
