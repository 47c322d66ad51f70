import Foundation

/// Where the default store lives: `$XDG_DATA_HOME/idelivermobile/deliveries.sqlite`,
/// or `~/.local/share/idelivermobile/deliveries.sqlite` when that is unset.
public enum StoreLocation {
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        BaseDirectory.data.url(environment: environment).appendingPathComponent("deliveries.sqlite")
    }
}
