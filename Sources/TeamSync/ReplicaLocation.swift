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

    /// Makes the replica's folder (0700) when missing; the store makes the
    /// file itself, 0600 (`PrivateFiles`), and refuses an empty one.
    public static func prepare(_ url: URL) throws(StoreError) {
        do {
            try PrivateFiles.createFolders(url.deletingLastPathComponent())
        } catch {
            throw StoreError(kind: .cannotCreate, path: url.path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
    }
}
