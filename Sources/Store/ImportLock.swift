import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One import at a time per store, across processes, and a way to tell a
/// dead import's leftovers from a live one's work.
///
/// An import writes into staging tables over many short transactions
/// (`StagedImport`), so SQLite's own lock does not say that an import is
/// under way. This is an exclusive `flock` on `<store>-import`: the kernel
/// lets go of it when its process ends, `kill -9` included, so staging
/// tables whose lock nobody holds were left by a dead import and may go.
/// The file exists only while someone holds it.
///
/// It also keeps a few megabytes of the disk in reserve while the import
/// runs (`releaseReserve`): an import that fails because the disk is full
/// needs a little room to drop its staging, and the store then closes
/// without leaving its WAL behind.
final class ImportLock: Sendable {
    private let descriptor: Int32
    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// The lock file of the store at `storePath`.
    static func path(forStore storePath: String) -> String { storePath + "-import" }

    /// Takes the lock of the store at `storePath`, waiting while another
    /// import holds it (after calling `waiting`, once).
    static func acquire(store storePath: String, waiting: () -> Void) throws(StoreError) -> ImportLock {
        var said = false
        while true {
            if let lock = try take(store: storePath, wait: true, waiting: { if !said { said = true; waiting() } }) { return lock }
        }
    }

    /// Takes the lock of the store at `storePath` if no import holds it.
    static func tryAcquire(store storePath: String) throws(StoreError) -> ImportLock? {
        try take(store: storePath, wait: false, waiting: {})
    }

    /// One attempt: nil when the lock is held and `wait` is false, or when the
    /// file we locked was removed meanwhile (its holder let go: try again).
    private static func take(store storePath: String, wait: Bool, waiting: () -> Void) throws(StoreError) -> ImportLock? {
        let path = path(forStore: storePath)
        let descriptor = PrivateFiles.openPrivately(path, flags: O_RDWR)
        guard descriptor >= 0 else {
            throw StoreError(kind: .inputOutput, path: storePath, reason: "cannot create its import lock \(path) (\(String(cString: strerror(errno))))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard wait else {
                close(descriptor)
                return nil
            }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        // The holder before us removes the file as it lets go: a lock on a
        // removed file locks nothing, so start again on the new one.
        var held = stat()
        var named = stat()
        guard fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
            close(descriptor)
            return wait ? nil : try take(store: storePath, wait: false, waiting: waiting)
        }
        let lock = ImportLock(descriptor: descriptor, path: path)
        if wait { lock.keepReserve() }
        return lock
    }

    /// Room for dropping a failed import's staging (`DeliveryStore.discardFailedImport`):
    /// a page or two per thousand it wrote, so a sixteenth of the free space,
    /// up to 8 MB (which covers gigabytes), is plenty.
    static func reserve(available: Int) -> Int {
        min(8 << 20, max(64 << 10, available / 16))
    }

    /// Takes the reserve; without room for it, the import goes on without.
    private func keepReserve() {
        #if canImport(Glibc)
        var disk = statvfs()
        guard fstatvfs(descriptor, &disk) == 0 else { return }
        let available = Int(disk.f_bavail) * Int(disk.f_frsize)
        _ = posix_fallocate(descriptor, 0, off_t(Self.reserve(available: available)))
        #endif
    }

    /// Gives the reserve back to the file system, for the failed import's cleanup.
    func releaseReserve() {
        _ = ftruncate(descriptor, 0)
    }

    /// Removes the file, then lets go (in that order, so that whoever waits
    /// on the old file sees it is gone and takes a new one).
    func release() {
        unlink(path)
        close(descriptor)
    }
}
