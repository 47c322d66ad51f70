import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Lets a status change in through a long import: the writer that finds the
/// store locked says it is waiting, and the import, between two of its short
/// transactions, waits for it to finish before it takes the lock again.
///
/// SQLite's lock is not fair: a writer polling for it almost never catches
/// the moment between an import's commit and its next begin. So the import
/// keeps a file, `<store>-import-wait`, while it runs; a waiting writer holds
/// a shared `flock` on it until its own transaction ends, and the import
/// checks for such a lock before each transaction and, when it finds one,
/// waits for an exclusive lock, which it gets once every waiting writer is
/// done. A writer that dies lets go of its lock with its process.
final class WaitingWriters: Sendable {
    private let path: String
    private let state = Mutex(State())

    private struct State {
        /// A write (not an import) is in progress on this store object.
        var writing = false
        /// The shared lock this object holds for its write, if it took one.
        var descriptor: Int32?
        /// The import this object runs: the file it keeps, open.
        var importing: Int32?
    }

    init(store storePath: String) {
        path = Self.path(forStore: storePath)
    }

    /// The file of the store at `storePath`.
    static func path(forStore storePath: String) -> String { storePath + "-import-wait" }

    /// How long a write waits for another process's lock before it gives up
    /// (the `busy` error): a slice of an import is far shorter.
    static let patience: TimeInterval = 10

    // MARK: - The writer's side

    /// Runs `body`, a write transaction, saying so while it waits for the lock.
    func write<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.writing = true }
        defer {
            state.withLock { state in
                if let descriptor = state.descriptor { close(descriptor) }
                state.descriptor = nil
                state.writing = false
            }
        }
        return try body()
    }

    /// SQLite's busy handler for this store's connections: keeps trying for
    /// about `patience` seconds, and the first time a write finds the store
    /// locked while an import runs, says it is waiting.
    func busy(tries: Int) -> Bool {
        state.withLock { state in
            guard state.writing, state.importing == nil, state.descriptor == nil else { return }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            // The import holds it exclusively only for a moment: try again on the next call.
            guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
                close(descriptor)
                return
            }
            state.descriptor = descriptor
        }
        // The import lets us in within one of its slices; poll often enough not to add much to that.
        let quick = 20
        guard tries < quick + Int((Self.patience - Double(quick) / 1000) * 200) else { return false }
        usleep(tries < quick ? 1_000 : 5_000)
        return true
    }

    // MARK: - The import's side

    /// Starts keeping the file writers announce themselves on.
    func beginImport() {
        let descriptor = PrivateFiles.openPrivately(path, flags: O_RDWR)
        state.withLock { $0.importing = descriptor >= 0 ? descriptor : nil }
    }

    /// Whether a writer says it is waiting (holds the file shared).
    func writerIsWaiting() -> Bool {
        guard let descriptor = state.withLock({ $0.importing }) else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return false
        }
        return true
    }

    /// Between two of the import's transactions: when a writer is waiting,
    /// lets it write first (the exclusive lock is ours once every waiting
    /// writer has let go of its shared one).
    func yieldToWaitingWriters() {
        guard writerIsWaiting(), let descriptor = state.withLock({ $0.importing }) else { return }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        flock(descriptor, LOCK_UN)
    }

    /// The import is over: removes the file.
    func endImport() {
        guard let descriptor = state.withLock({ state in defer { state.importing = nil }; return state.importing }) else { return }
        unlink(path)
        close(descriptor)
    }
}
