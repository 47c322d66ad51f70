import Foundation

/// What a path named as a store holds, read from its first bytes before
/// SQLite opens it: SQLite would take a 0-byte file for an empty database
/// and write a store into it, and opening a store converts and writes
/// before a newer schema could be noticed.
public enum StoreFile: Sendable, Equatable {
    case missing
    case directory
    /// 0 bytes.
    case empty
    /// An SQLite database; its `PRAGMA user_version` as the header has it.
    case sqlite(schemaVersion: Int)
    /// There, but this user may not read it.
    case unreadable
    /// Something else (a manifest, a text file).
    case other

    /// The first bytes of every SQLite database file.
    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Looks at `path` without creating, locking or changing anything.
    public static func content(at path: String) -> StoreFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue { return .directory }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return .empty }
        guard header.count == 100, Array(header.prefix(magic.count)) == magic else { return .other }
        // The header's user version: 4 bytes, big-endian, at offset 60.
        let version = header[60 ..< 64].reduce(0) { $0 << 8 | Int($1) }
        return .sqlite(schemaVersion: version)
    }

    /// Refuses what cannot be opened as a store, naming the problem: a
    /// folder (66), an empty or foreign file (65), and for `writing` a
    /// store of a newer version (65). A missing file passes when it may be created.
    public static func check(_ path: String, writing: Bool, mayCreate: Bool) throws(StoreError) {
        switch content(at: path) {
        case .missing:
            guard mayCreate else {
                throw StoreError(kind: .missing, path: path, reason: "no such store (import a manifest into it first: idelivermobile import FILE --store \(path))")
            }
        case .directory:
            throw StoreError(kind: .missing, path: path, reason: "is a directory, not a store")
        case .unreadable:
            throw StoreError(kind: .missing, path: path, reason: "cannot be read (permission denied)")
        case .empty:
            throw StoreError(kind: .notAStore, path: path, reason: "is empty (0 bytes), not a deliveries store: remove it, or name another store")
        case .other:
            throw StoreError(kind: .notAStore, path: path, reason: "is not a deliveries store (not an SQLite database)")
        case .sqlite(let version):
            if writing, version > StoreSchema.version {
                throw StoreError(kind: .newerSchema, path: path, reason: StoreSchema.newerReason(version))
            }
        }
    }
}
