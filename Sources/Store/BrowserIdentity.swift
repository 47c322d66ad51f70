import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This browser's client id, taken from a small pool kept in the settings
/// directory (`$XDG_CONFIG_HOME/idelivermobile/clients/`), one file per id.
///
/// A running browser holds its file with an exclusive `flock` for its whole
/// life, so two browsers of one person at once get two ids (their changes
/// are told apart: one's `u` never undoes the other's). A browser starting
/// takes the first file nobody holds, so a browser restarted on its own gets
/// its id back and `u` still undoes its changes from before the restart;
/// when every file is held it adds one with a new id. The kernel lets go of
/// the lock when the process ends, `kill -9` included.
public final class BrowserIdentity: Sendable {
    /// Who this browser's changes are by.
    public let author: ChangeAuthor
    /// The pool file this browser holds (the lock lives as long as this object).
    public let file: URL
    private let descriptor: Int32

    private init(author: ChangeAuthor, file: URL, descriptor: Int32) {
        self.author = author
        self.file = file
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The pool's folder for `environment`.
    public static func poolFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        BaseDirectory.config.url(environment: environment).appendingPathComponent("clients", isDirectory: true)
    }

    /// Claims a free id of the pool in `folder` (made private, 0700, when
    /// missing), or makes a new one. Throws `StoreError` when the folder
    /// cannot be made or read.
    public static func claim(
        in folder: URL = poolFolder(), userName: String = ChangeAuthor.currentUserName()
    ) throws(StoreError) -> BrowserIdentity {
        let path = folder.path
        do {
            // Folders made here are the user's alone, whatever the umask.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError(kind: .cannotCreate, path: path, reason: "cannot create the browsers' id folder (\(error.localizedDescription))")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { $0.hasPrefix("client-") && $0.hasSuffix(".id") }
            .sorted { number(of: $0) < number(of: $1) }
        for name in names {
            if let identity = take(folder.appendingPathComponent(name), userName: userName, creating: false) { return identity }
        }
        // Every id is held by a running browser: a new one, numbered after the last.
        var next = (names.last.map(number(of:)) ?? 0) + 1
        while true {
            let file = folder.appendingPathComponent("client-\(next).id")
            if let identity = take(file, userName: userName, creating: true) { return identity }
            guard errno == EEXIST || errno == EWOULDBLOCK else {
                throw StoreError(kind: .cannotCreate, path: file.path, reason: "cannot create a browser id (\(String(cString: strerror(errno))))")
            }
            next += 1
        }
    }

    private static func number(of name: String) -> Int {
        Int(name.dropFirst("client-".count).dropLast(".id".count)) ?? Int.max
    }

    /// The identity in `file` when nobody holds it; nil (with `errno` set) otherwise.
    /// A new file gets a new random id, written while it is held, so no
    /// other browser ever reads it half-written.
    private static func take(_ file: URL, userName: String, creating: Bool) -> BrowserIdentity? {
        let flags = creating ? O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC : O_RDWR | O_CLOEXEC
        let descriptor = open(file.path, flags, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let saved = errno
            close(descriptor)
            errno = saved
            return nil
        }
        var id = readID(descriptor)
        if id == nil {
            // New, or left empty by a browser killed while making it: given an id now.
            let fresh = UUID().uuidString.lowercased()
            let bytes = Array((fresh + "\n").utf8)
            if ftruncate(descriptor, 0) == 0, pwrite(descriptor, bytes, bytes.count, 0) == bytes.count, fsync(descriptor) == 0 {
                id = fresh
            }
        }
        guard let id else {
            close(descriptor)
            errno = EIO
            return nil
        }
        return BrowserIdentity(author: ChangeAuthor(clientID: id, userName: userName), file: file, descriptor: descriptor)
    }

    /// The id a pool file holds: its first line, when it is one.
    private static func readID(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = UUID(uuidString: text) else { return nil }
        return id.uuidString.lowercased()
    }
}
