import Foundation

/// Where the default store lives: `$XDG_DATA_HOME/idelivermobile/deliveries.sqlite`,
/// or `~/.local/share/idelivermobile/deliveries.sqlite` when that is unset.
public enum StoreLocation {
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(".local/share", isDirectory: true)
        }
        return base.appendingPathComponent("idelivermobile/deliveries.sqlite")
    }
}
