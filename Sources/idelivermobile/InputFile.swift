import Foundation
import Model
import Store

/// What a path on the command line holds, decided by its content rather
/// than its name: a manifest may be called anything (`today`, `m.txt`), a
/// store too. A path that is neither is refused, naming the problem.
enum InputFile {
    case manifest(URL)
    case store(URL)

    var path: String {
        switch self {
        case .manifest(let url), .store(let url): url.path
        }
    }

    /// The manifest or store at `path`; exits 66 when it is missing or a
    /// folder, 65 when it is empty or neither.
    static func classify(_ path: String) -> InputFile {
        let url = URL(fileURLWithPath: path)
        switch StoreFile.content(at: path) {
        case .missing:
            Diagnostics.fail("\(path): no such file", ExitStatus.noInput)
        case .directory:
            Diagnostics.fail("\(path): is a directory, not a deliveries manifest or store", ExitStatus.noInput)
        case .unreadable:
            Diagnostics.fail("\(path): cannot be read (permission denied)", ExitStatus.noInput)
        case .empty:
            Diagnostics.fail("\(path): is empty (0 bytes), neither a deliveries manifest nor a store", ExitStatus.dataError)
        case .sqlite:
            return .store(url)
        case .other:
            guard startsLikeJSON(path) else {
                Diagnostics.fail("\(path): is neither a deliveries manifest (JSON) nor a store (SQLite)", ExitStatus.dataError)
            }
            return .manifest(url)
        }
    }

    /// Refuses a store given where a manifest is read (`import`); anything
    /// else is the manifest reader's to judge, with line and column.
    static func refuseStoreAsManifest(_ path: String) {
        if case .sqlite = StoreFile.content(at: path) {
            Diagnostics.fail(
                "\(path): is a deliveries store, not a manifest (to copy its deliveries: idelivermobile export --format json \(path) > FILE.json)",
                ExitStatus.dataError
            )
        }
    }

    /// Whether `path` holds a manifest by its content (JSON, not SQLite):
    /// `export` and `summary` read one in memory; anything else is the
    /// store's to judge, naming its problem.
    static func holdsManifest(_ path: String) -> Bool {
        if case .other = StoreFile.content(at: path) { return startsLikeJSON(path) }
        return false
    }

    /// Whether the file's first character, after a byte order mark and
    /// white space, opens a JSON object or array.
    private static func startsLikeJSON(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var bytes = Array((try? handle.read(upToCount: 4096)) ?? Data())
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
