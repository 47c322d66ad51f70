import Foundation
import Store
import TeamHub

/// Where a team database's replica lives: one SQLite store per database,
/// `$XDG_DATA_HOME/idelivermobile/replicas/<database>.sqlite`, unless
/// `--replica PATH` names one. Its folder is made private (0700) and a new
/// replica file is made 0600 before SQLite opens it (SQLite gives its
/// `-wal` and `-shm` the file's mode): the replica holds customers' names,
/// addresses and phone numbers.
public enum ReplicaLocation {
    /// The replica of `address`: `explicit` when given, else the default one.
    public static func url(
        for address: HubAddress, explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        return BaseDirectory.data.url(environment: environment)
            .appendingPathComponent("replicas", isDirectory: true)
            .appendingPathComponent(address.replicaFileStem + ".sqlite")
    }

    /// Makes the replica's folder (0700) and an empty private file (0600) when missing.
    public static func prepare(_ url: URL) throws(StoreError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError(kind: .cannotCreate, path: url.path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(kind: .cannotCreate, path: url.path, reason: "cannot create the replica (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
    }
}
