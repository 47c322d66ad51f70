import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and folders the program creates for its data and settings, private
/// to the user whatever the umask (as ssh and gpg make theirs): folders
/// 0700, files 0600. Deliveries hold customers' names, addresses and phone
/// numbers, which other accounts on a shared machine must not read. What
/// exists already keeps the mode its owner gave it.
public enum PrivateFiles {
    public static let folderMode: mode_t = 0o700
    public static let fileMode: mode_t = 0o600

    /// Creates `folder` and any missing folder above it, each 0700.
    public static func createFolders(_ folder: URL) throws {
        var missing: [String] = []
        var path = folder.standardizedFileURL.path
        while !path.isEmpty, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        // Asked of the folder the walk stopped at, "/" included: the walk's
        // last answer was about a missing path.
        var isFolder: ObjCBool = false
        if !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw FileSystemError(path: path, code: ENOTDIR)
        }
        for created in missing.reversed() {
            if mkdir(created, folderMode) != 0 {
                // Made meanwhile by someone else: theirs, as it is.
                if errno == EEXIST { continue }
                throw FileSystemError(path: created)
            }
            // The umask may have taken bits the owner needs (0277): set it exactly.
            chmod(created, folderMode)
        }
    }

    /// Opens `path` (flags as open(2), without O_CREAT) creating it 0600 when
    /// missing; an existing file's mode is left alone. -1 and errno on failure.
    public static func openPrivately(_ path: String, flags: Int32) -> Int32 {
        while true {
            let created = open(path, flags | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
            if created >= 0 {
                fchmod(created, fileMode)
                return created
            }
            guard errno == EEXIST else { return -1 }
            let existing = open(path, flags | O_CLOEXEC)
            // Removed between the two calls (a lock file let go): create it again.
            if existing >= 0 || errno != ENOENT { return existing }
        }
    }

    /// Creates an empty file at `path`, 0600, unless one is there.
    public static func createFile(_ path: String) throws {
        let descriptor = openPrivately(path, flags: O_WRONLY)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        close(descriptor)
    }

    /// Writes `data` to `url` atomically (a private temporary file renamed
    /// over it), keeping the mode of the file it replaces.
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = url.path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw FileSystemError(path: temporary) }
        var existing = stat()
        fchmod(descriptor, stat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : fileMode)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(path: url.path, code: code)
        }
    }
}
