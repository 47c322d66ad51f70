import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A manifest's bytes, mapped read-only from its file, whose pages a pass
/// over them hands back as it goes (`release(before:)`).
///
/// An import reads a manifest three times (checked, hashed, then parsed into
/// rows) and a mapped page stays in the process's memory once read: a 300 MB
/// manifest would count 300 MB to the import. Handed back, a page is read
/// again from the page cache if it is needed again, so a pass holds a few
/// megabytes of the file at a time.
public final class ManifestFile: Sendable {
    /// The file's bytes.
    public let data: Data
    /// The mapping's address as an integer, or nil when the file was read
    /// rather than mapped (then there is nothing to hand back: memory read
    /// into the heap would be zeroed, not read again).
    private let address: UInt?
    /// How far the current pass has handed its pages back.
    private let released = Mutex(0)

    /// Maps the file at `url`, or reads it when it cannot be mapped (a pipe).
    /// Throws `.fileNotFound` (exit 66), `.isDirectory` or `.unreadable` (exit 74).
    public init(_ url: URL) throws(ManifestError) {
        let path = url.path
        let file = ManifestReader.displayName(of: url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ManifestError(kind: .fileNotFound, file: file, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw ManifestError(kind: .isDirectory, file: file, reason: "is a directory, not a manifest file")
        }
        if let (pointer, count) = Self.map(path) {
            data = Data(bytesNoCopy: pointer, count: count, deallocator: .custom { pointer, count in _ = munmap(pointer, count) })
            address = UInt(bitPattern: pointer)
            return
        }
        do {
            data = try Data(contentsOf: url)
            address = nil
        } catch {
            throw ManifestError(kind: .unreadable, file: file, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// A read-only private mapping of a regular, non-empty file, or nil.
    private static func map(_ path: String) -> (UnsafeMutableRawPointer, Int)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let count = Int(status.st_size)
        guard let pointer = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), pointer != MAP_FAILED else { return nil }
        return (pointer, count)
    }

    /// Hands back the whole pages before `offset`, which the pass under way
    /// has read. An offset lower than the last one starts a new pass.
    public func release(before offset: Int) {
        guard let address else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, data.count) / page * page
        released.withLock { mark in
            let start = end < mark ? 0 : mark
            if end > start, let pointer = UnsafeMutableRawPointer(bitPattern: address + UInt(start)) {
                _ = madvise(pointer, end - start, Int32(MADV_DONTNEED))
            }
            mark = end
        }
    }

    /// Hands back the whole pages inside `range`, which a pass (one of
    /// several reading their own parts at once) has read. Another pass still
    /// to read them finds them again in the page cache.
    public func release(_ range: Range<Int>) {
        guard let address else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + page - 1) / page * page
        let end = min(range.upperBound, data.count) / page * page
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: address + UInt(start)) else { return }
        _ = madvise(pointer, end - start, Int32(MADV_DONTNEED))
    }

    /// Hands back every page: the pass has read the whole file.
    public func releaseAll() {
        release(before: data.count)
        released.withLock { $0 = 0 }
    }
}
