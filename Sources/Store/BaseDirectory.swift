import Foundation

/// The XDG base directories the program keeps its files in: data (the
/// default store) and config (the remembered text size), each from its
/// variable, else its place under the home folder.
public enum BaseDirectory: Sendable {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    case data
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    case config

    /// The program's own folder in this base directory (`…/idelivermobile`).
    public func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let (variable, underHome) = switch self {
        case .data: ("XDG_DATA_HOME", ".local/share")
        case .config: ("XDG_CONFIG_HOME", ".config")
        }
        let base: URL
        if let xdg = environment[variable], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(underHome, isDirectory: true)
        }
        return base.appendingPathComponent("idelivermobile", isDirectory: true)
    }
}
