import ContentDigest
import Foundation
import GRDB
import Manifest
import Model
import Synchronization

/// Imports manifests into a store: validates the whole file, then upserts
/// its deliveries by id, in one short transaction for a small manifest or a
/// `StagedImport` for a large one, taking turns with other instances' status
/// changes (`WaitingWriters`) and one import at a time (`ImportLock`). Also
/// clears away what a killed or failed import left.
struct DeliveryImporter: Sendable {
    let database: StoreDatabase

    /// Reads and checks the manifest at `url` and upserts its deliveries by
    /// id, in one pass: new ids are appended in manifest order, known ids are
    /// updated in place and keep their row. A status saved in the store
    /// survives re-importing the same manifest; a manifest that itself changes
    /// a delivery's status wins. A bad manifest changes nothing, and its error
    /// names the first problem in it.
    ///
    /// Readers see the store before the import or after it, never between,
    /// and a failed or killed import changes nothing they see; yet the import
    /// never holds the write lock for long, so status changes from other
    /// instances are saved while it runs (and kept by it). A manifest of up to
    /// `directImportLimit` deliveries is one short transaction; a larger one is
    /// a `StagedImport`, written in slices of about a tenth of a second (its
    /// index in transactions of up to `indexHold` that give way, between two
    /// slices, to a writer that says it is waiting). One import at a time
    /// writes a store (`ImportLock`); another waits.
    ///
    /// Throws `ManifestError` (bad or missing file) or `StoreError`.
    @discardableResult
    func importManifest(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        try importManifest(at: url, reader: reader, contentHash: nil, progress: progress)
    }

    /// `importManifest(at:reader:progress:)`, given the file's SHA-256 when
    /// the caller has already read it whole for that (nil: hashed here).
    private func importManifest(
        at url: URL, reader: ManifestReader, contentHash known: String?, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        // One pass reads, checks and writes the manifest: a bad one fails a
        // staged import that nobody has seen (`manifestProblem` says why), and
        // the store's unique ids catch a repeated one. Its pages are handed
        // back as they are read (`ManifestFile`).
        let mapped = try ManifestFile(url)
        let data = mapped.data
        let file = ManifestReader.displayName(of: url)
        // Hashed by the reading thread once it has read the rows (`finished`), with a mapping of its own.
        let hashing = BoundedQueue<String>(capacity: 1)
        if let known { _ = hashing.put(known) }
        let fingerprint = ManifestFingerprint(url: url)
        let manifest = { () throws -> ImportedManifest in
            guard let contentHash = try hashing.take() else {
                throw StoreError(kind: .inputOutput, path: url.path, reason: "could not hash the manifest")
            }
            _ = hashing.put(contentHash)
            return ImportedManifest(fingerprint: fingerprint, contentHash: contentHash)
        }
        let manifestProblem = { () -> (any Error)? in
            do throws(ManifestError) {
                _ = try reader.validate(data, file: file)
                return nil
            } catch {
                return error
            }
        }
        let source = ImportSource(
            size: data.count,
            read: { expect, progress, body in
                // About 300 bytes a delivery: the count is not known before the end.
                expect(data.count / 300)
                do {
                    try withoutActuallyEscaping(progress) { progress in
                        try reader.forEachDelivery(in: data, file: file, checkingDuplicateIDs: false, progress: { bytes in
                            mapped.release(before: bytes)
                            progress(bytes)
                        }, body)
                    }
                } catch {
                    hashing.finish(error: error)
                    throw error
                }
                mapped.releaseAll()
            },
            finished: { stopped in
                // The hash is wanted only to publish, a second or so later: made
                // now, while the writer indexes, it took no time from the rows,
                // which keep both cores busy (0.3 s of CPU at 10^6). A failed
                // import waits for this thread: the hash stops when it is not wanted.
                do {
                    guard known == nil else { return }
                    if let hash = Self.hash(of: try ManifestFile(url), unless: stopped) {
                        _ = hashing.put(hash)
                    } else {
                        hashing.finish(error: CancellationError())
                    }
                } catch {
                    hashing.finish(error: error)
                }
            })
        return try importRows(from: source, manifest: manifest, problem: manifestProblem, progress: progress)
    }

    /// Imports a team hub's snapshot: `read` hands each of its deliveries,
    /// in the hub's order, to its `body` (after `expect` with how many come),
    /// on the importer's reading thread, which prepares the rows while this
    /// one writes them; no manifest file between, none recorded. Into an
    /// empty replica, the rows are appended and the indexes built after
    /// them, as for a large manifest. Throws what `read` throws, or `StoreError`.
    func importSnapshot(
        read: @escaping @Sendable (_ expect: (Int) -> Void, _ body: (Delivery) throws -> Void) throws -> Void,
        progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        let source = ImportSource(
            size: nil,
            read: { expect, progress, body in
                var index = 0
                try read(expect) { delivery in
                    try body(index, delivery)
                    index += 1
                    if index % 8192 == 0 { progress(index) }
                }
                progress(index)
            },
            finished: { _ in })
        let manifest = { ImportedManifest(fingerprint: nil, contentHash: "") }
        return try importRows(from: source, manifest: manifest, problem: { nil }, progress: progress)
    }

    /// Upserts the deliveries `source` reads, as `importManifest` describes;
    /// `manifest` is recorded with them, and `problem` explains a failure
    /// when the source itself is at fault (a manifest's first error).
    private func importRows(
        from source: ImportSource, manifest: () throws -> ImportedManifest, problem manifestProblem: () -> (any Error)?,
        progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        progress?(ImportProgress(phase: .importing, done: 0, total: source.size ?? 0))

        let path = database.url.path
        let lock = try ImportLock.acquire(store: path) {
            FileHandle.standardError.write(Data("Waiting for another import into this store to finish…\n".utf8))
        }
        defer { lock.release() }
        database.waiting.beginImport()
        defer { database.waiting.endImport() }
        let settings = try importSlice(transaction: false) { db in try ImportConnectionSettings(db) }
        try importSlice(transaction: false) { db in try ImportConnectionSettings.staging.apply(db) }
        defer { _ = try? cleanupSlice(transaction: false) { db in try settings.apply(db) } }
        // A killed import's staging goes first (its lock, now ours, says it is dead).
        try discardLeftovers()

        // Another thread reads and prepares the rows while this one writes them,
        // and says how far it has read: the writer reports that between slices.
        let bytesRead = Mutex(0)
        let total = Mutex(source.size ?? 0)
        let written: (Int) -> Void = { rows in
            progress?(ImportProgress(phase: .importing, done: bytesRead.withLock { $0 }, total: total.withLock { $0 }, deliveries: rows))
        }
        // Room for more than a slice's rows (about 10,000), so that neither
        // thread waits for the other while the writer commits: with fewer
        // batches each would wait for the other at every commit.
        let queue = BoundedQueue<[ImportRow]>(capacity: 16)
        // A staged import's words, gathered by the reader while the writer writes rows (`SearchWordIndex`).
        let words = BoundedQueue<SortedWords>(capacity: 1)
        let reading: @Sendable () -> Void = {
            do {
                var batch: [ImportRow] = []
                batch.reserveCapacity(Self.importBatchSize)
                var gathered = WordPositions()
                try source.read({ deliveries in
                    guard gathered.count == 0 else { return }
                    gathered = WordPositions(expecting: deliveries)
                    if source.size == nil { total.withLock { $0 = deliveries } }
                }, { done in bytesRead.withLock { $0 = done } }) { index, delivery in
                    let searchText = StoreSchema.folded(id: delivery.id, name: delivery.name, address: delivery.address)
                    // By row number from 1: the writer maps them to positions at the end.
                    gathered.add(position: Int32(truncatingIfNeeded: index + 1), folded: searchText)
                    let row = ImportRow(delivery, searchText: searchText)
                    batch.append(row)
                    if batch.count == Self.importBatchSize {
                        guard queue.put(batch) else { throw CancellationError() }
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                bytesRead.withLock { $0 = total.withLock { $0 } }
                if !batch.isEmpty { _ = queue.put(batch) }
                queue.finish(error: nil)
                // Sorted here too, in parallel with the writer's last rows (a small import has no use for them).
                _ = words.put(gathered.sorted())
                words.finish(error: nil)
                try source.finished { queue.isCancelled }
            } catch {
                queue.finish(error: error)
                words.finish(error: error)
            }
        }
        // The reader is stopped and waited for before this returns, whether it
        // succeeds, fails or is interrupted: the caller may exit right away.
        let summary = try JoinedThread.run(reading, stoppedBy: { queue.cancel(); words.cancel() }) {
            // The reader hands over a batch short of `importBatchSize` only at the
            // end, so a small manifest is all in the first batch.
            let first = try queue.take() ?? []
            return first.count < Self.importBatchSize && first.count <= Self.directImportLimit
                ? try importDirectly(first, manifest: manifest, manifestProblem: manifestProblem, settings: settings)
                : try importStaged(
                    first: first, queue, words: words, manifest: manifest, manifestProblem: manifestProblem, lock: lock,
                    settings: settings, written: written, progress: progress)
        }
        progress?(ImportProgress(phase: .finishing, done: 1, total: 1))
        return summary
    }

    /// Deliveries per hand-over from the reading thread to the writer.
    static let importBatchSize = 1024

    /// Manifests up to this size are written in one transaction, the word
    /// index changed word by word for the rows whose text changed: about as
    /// long as one slice of a staged import (staging also copies every row
    /// the store already has and writes its whole word index again).
    static let directImportLimit = 100

    /// How long one transaction of a staged import's indexing may hold the
    /// write lock when no writer is waiting (`importStaged`): a writer of
    /// another process that waits is let in within a slice, but one of this
    /// process (which queues for the connection rather than the lock) waits
    /// up to this long.
    static let indexHold: TimeInterval = 1

    /// Imports the manifest at `url` unless this store already imported it
    /// unchanged (the same path with the same SHA-256 of its bytes): what
    /// `browse FILE.json` does on every start, so that a big manifest is
    /// imported once, not each time. A changed file is always seen, even one
    /// whose size and modification time were kept (`touch -r`).
    @discardableResult
    func importManifestIfChanged(
        at url: URL, reader: ManifestReader = ManifestReader(), progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        var contentHash: String?
        if let fingerprint = ManifestFingerprint(url: url) {
            let known = try database.read { db in
                try String.fetchOne(db, sql: "SELECT contentHash FROM imported_manifest WHERE path = ?",
                                    arguments: [fingerprint.path])
            }
            if let known {
                let hash = Self.hash(of: try ManifestFile(url))
                if known == hash {
                    let count = try database.count()
                    return ImportSummary(deliveries: 0, added: 0, storeCount: count, performed: false)
                }
                // Changed: the import records this hash rather than reading the whole file again for it.
                contentHash = hash
            }
        }
        return try importManifest(at: url, reader: reader, contentHash: contentHash, progress: progress)
    }

    /// The SHA-256 of a manifest's bytes, its pages handed back as they are
    /// hashed; nil when `stopped` said it was no longer wanted.
    private static func hash(of mapped: ManifestFile, unless stopped: () -> Bool = { false }) -> String? {
        defer { mapped.releaseAll() }
        return ContentHash.sha256(mapped.data, progress: mapped.release(before:), unless: stopped)
    }

    // MARK: - A small manifest

    /// One transaction: upserts every row, the triggers keeping the folded
    /// text and the counts, and then the word index given each changed row's
    /// old and new text (`SearchWordIndex.update`). An upsert would take a
    /// repeated id as an update: the ids are checked first, and the
    /// manifest's own error says where.
    private func importDirectly(
        _ rows: [ImportRow], manifest: () throws -> ImportedManifest, manifestProblem: () -> (any Error)?,
        settings: ImportConnectionSettings
    ) throws -> ImportSummary {
        let total = rows.count
        if Set(rows.map(\.id)).count < total {
            throw manifestProblem() ?? StoreError(kind: .inputOutput, path: database.url.path, reason: "the manifest repeats an id")
        }
        let manifest = try manifest()
        try importSlice(transaction: false) { db in try settings.restoreSynchronous(db) }
        let path = database.url.path
        let summary: ImportSummary = try importSlice { db in
            let before = try StoreDatabase.rowCount(db)
            let upsert = try DeliveryUpsert(db)
            var changed: [(position: Int32, old: String?, new: String)] = []
            var unchanged = 0
            for row in rows {
                let written = try upsert.write(row, path: path)
                if !written.changed { unchanged += 1 }
                if let text = written.changedText { changed.append((Int32(truncatingIfNeeded: written.position), text.old, text.new)) }
            }
            try SearchWordIndex.update(db, changed: changed)
            try manifest.record(db)
            let after = try StoreDatabase.rowCount(db)
            return ImportSummary(deliveries: total, added: after - before, unchanged: unchanged, storeCount: after)
        }
        database.advanceGeneration()
        return summary
    }

    // MARK: - A large manifest

    /// A `StagedImport`: staging, slice by slice, then one short publish, then
    /// the retired tables dropped slice by slice.
    /// A failure on the way, the store's unique ids finding a repeated one
    /// among them, is explained by the manifest's own problem when it has one.
    private func importStaged(
        first: [ImportRow], _ queue: BoundedQueue<[ImportRow]>, words gathered: BoundedQueue<SortedWords>,
        manifest: () throws -> ImportedManifest, manifestProblem: () -> (any Error)?, lock: ImportLock,
        settings: ImportConnectionSettings, written: (Int) -> Void, progress: (@Sendable (ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        let path = database.url.path
        var staged = try importSlice { db in try StagedImport.begin(path: path, db) }
        do {
            // The manifest's rows, as the reader hands them over: a slice is
            // whole batches, as many as make up its rows, rather than rows
            // copied out of them, which would cost the writer for nothing.
            var slice = ImportSlice(rows: 2048)
            var pending = first.isEmpty ? [] : [first]
            var reading = true
            var writtenRows = 0
            while reading || !pending.isEmpty {
                var rows = pending.reduce(0) { $0 + $1.count }
                while reading, rows < slice.rows {
                    if let batch = try queue.take() {
                        pending.append(batch)
                        rows += batch.count
                    } else {
                        reading = false
                    }
                }
                let batches = pending
                pending.removeAll()
                guard !batches.isEmpty else { continue }
                try slice.measure {
                    try importSlice { db in
                        for batch in batches { try staged.write(batch, db) }
                    }
                    return rows
                }
                writtenRows += rows
                written(writtenRows)
            }

            // The live rows it did not mention, then the word index over all rows.
            let keeping = staged.rowsToKeep > 0 ? staged.before : 0
            var kept = WordPositions()
            var done = 0
            try eachRange(upTo: keeping, ImportSlice(rows: 4096)) { range in
                try importSlice { db in try staged.keep(range, db, words: &kept) }
                done += range.count
                progress?(ImportProgress(phase: .indexing, done: done, total: keeping + staged.after))
            }
            // Every row is staged: the indexes not made yet are built from them now.
            try importSlice { db in try staged.buildIndexes(allStaged: true, db) }
            let words = staged.words(manifest: try gathered.take() ?? SortedWords(), kept: kept)
            // The words' trigram lists are made on another thread while this one
            // writes the words, and waited for, as the reader is (`importRows`).
            let trigrams = BoundedQueue<WordTrigrams>(capacity: 1)
            let making = JoinedThread {
                _ = trigrams.put(WordTrigrams(words))
                trigrams.finish(error: nil)
            }
            defer {
                trigrams.cancel()
                making.join()
            }
            let work = keeping + words.count
            done = keeping
            // A transaction goes on, a slice at a time, until a writer says it
            // is waiting or `indexHold` has passed; a waiting writer still gets
            // in within a slice. Fewer commits than slices: each commit has a
            // cost of its own (a sync, and for an index that writes a segment
            // per commit, a merge later).
            var chunk = ImportSlice(rows: 1024, target: 0.05)
            var indexed = 0
            while indexed < words.count {
                try importSlice { db in
                    let began = DispatchTime.now().uptimeNanoseconds
                    repeat {
                        let range = indexed ..< min(words.count, indexed + chunk.rows)
                        try chunk.measure {
                            try staged.index(words, range, db)
                            return range.count
                        }
                        indexed = range.upperBound
                        done += range.count
                        progress?(ImportProgress(phase: .indexing, done: done, total: work))
                    } while indexed < words.count && !database.waiting.writerIsWaiting()
                        && Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9 < Self.indexHold
                }
            }
            // A few thousand rows, a few milliseconds.
            let lists = try trigrams.take() ?? WordTrigrams()
            try importSlice { db in try staged.index(lists, db) }
            try importSlice { db in try staged.count(db) }

            progress?(ImportProgress(phase: .finishing, done: 0, total: 1))
            try importSlice(transaction: false) { db in try settings.restoreSynchronous(db) }
            let manifest = try manifest()
            try importSlice { db in
                try staged.publish(db)
                try manifest.record(db)
            }
        } catch {
            // Nothing was published. The staging goes now, with the room the
            // lock kept in case the disk is full; what cannot go now goes at
            // the next import or open.
            lock.releaseReserve()
            try? discardFailedImport()
            if error is ManifestError { throw error }
            throw manifestProblem() ?? error
        }
        database.advanceGeneration()
        // The import is done and saved; the tables it replaced are freed for
        // reuse in slices too, and whatever is left goes next time.
        try? discardLeftovers()
        return ImportSummary(deliveries: staged.added + staged.updated, added: staged.added, storeCount: staged.after)
    }

    /// Calls `body` with consecutive ranges covering `0..<count`, each a slice's worth.
    private func eachRange(upTo count: Int, _ slice: ImportSlice, _ body: (Range<Int>) throws -> Void) throws {
        var slice = slice
        var start = 0
        while start < count {
            let end = min(count, start + slice.rows)
            try slice.measure {
                try body(start ..< end)
                return end - start
            }
            start = end
        }
    }

    // MARK: - Leftovers

    /// Empties and drops the staging tables of a killed import and the tables
    /// an import replaced, a slice at a time. The caller holds the import lock.
    func discardLeftovers() throws {
        var slice = ImportSlice(rows: 4096)
        var finished = false
        while !finished {
            let rows = slice.rows
            try slice.measure {
                guard let deleted = try cleanupSlice({ db in try StagedImport.discardStep(rows: rows, db) }) else {
                    finished = true
                    return 0
                }
                return deleted
            }
        }
    }

    /// Drops a failed import's staging at once, and gives its pages back to
    /// the file system when the store allows it (`auto_vacuum`, which stores
    /// this version creates have). The failure may be a full disk: dropping
    /// writes a few pages where deleting rows slice by slice would write them
    /// all, and a store whose file ends where it did before the import closes
    /// without leaving its WAL behind. Rare enough to hold the lock that long.
    private func discardFailedImport() throws {
        // One transaction, so that the checkpoint after it sees the file's end
        // where it was before the import and copies nothing past it.
        try cleanupSlice { db in
            try StagedImport.dropLeftovers(db)
            if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 { try db.execute(sql: "PRAGMA incremental_vacuum") }
        }
        try giveSpaceBack()
    }

    /// Copies the WAL into the store and empties it (the file shrinks to
    /// nothing): what a failed import wrote there is not left on the disk.
    private func giveSpaceBack() throws {
        try cleanupSlice(transaction: false) { db in _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// At open: discards what a killed import left (its staging, then the
    /// pages it took, and its lock files), unless an import is running now.
    func discardAbandonedImport() {
        let path = database.url.path
        let staged = (try? database.read(StagedImport.hasLeftovers)) == true
        let lockFiles = [ImportLock.path(forStore: path), WaitingWriters.path(forStore: path)]
        guard staged || lockFiles.contains(where: { FileManager.default.fileExists(atPath: $0) }),
              let lock = try? ImportLock.tryAcquire(store: path)
        else { return }
        // Nobody imports (the lock is ours): the waiting room is a dead import's.
        defer {
            unlink(WaitingWriters.path(forStore: path))
            lock.release()
        }
        guard staged else { return }
        // Best effort: a store that cannot be cleaned now still opens, and the next import cleans it.
        guard let settings = try? cleanupSlice(transaction: false, { db in try ImportConnectionSettings(db) }) else { return }
        defer { _ = try? cleanupSlice(transaction: false) { db in try settings.apply(db) } }
        try? cleanupSlice(transaction: false) { db in try ImportConnectionSettings.staging.apply(db) }
        try? discardLeftovers()
        try? cleanupSlice { db in
            if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 { try db.execute(sql: "PRAGMA incremental_vacuum") }
        }
        try? giveSpaceBack()
    }

    /// One of an import's transactions: first lets in any status change
    /// waiting for the lock (`WaitingWriters`), then writes. An interrupted
    /// import (`ImportInterruption`) stops here, before writing more.
    private func importSlice<T>(transaction: Bool = true, _ body: (Database) throws -> T) throws -> T {
        if ImportInterruption.requested != nil {
            throw StoreError(kind: .interrupted, path: database.url.path, reason: "the import was interrupted: nothing was imported, the store is as it was")
        }
        return try cleanupSlice(transaction: transaction, body)
    }

    /// A transaction that puts the store back after a failed or interrupted
    /// import (or restores its connection's settings): never interrupted itself.
    private func cleanupSlice<T>(transaction: Bool = true, _ body: (Database) throws -> T) throws -> T {
        database.waiting.yieldToWaitingWriters()
        do {
            return transaction ? try database.pool.write(body) : try database.pool.writeWithoutTransaction(body)
        } catch let error as StoreError {
            throw error
        } catch let error as ManifestError {
            throw error
        } catch {
            throw StoreDatabase.storeError(error, path: database.url.path, opening: false)
        }
    }
}
