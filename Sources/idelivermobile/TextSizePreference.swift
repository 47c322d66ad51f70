import Foundation
import Store
import Typesetting

/// The remembered text size: `$XDG_CONFIG_HOME/idelivermobile/settings.json`
/// (default `~/.config/idelivermobile/settings.json`).
struct TextSizePreference {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = BaseDirectory.config.url(environment: environment).appendingPathComponent("settings.json")
    }

    private struct Settings: Codable {
        var textSize: String
    }

    /// The saved size, or nil when none was saved or the file is unreadable.
    func load() -> ContentSizeCategory? {
        guard let data = try? Data(contentsOf: url),
              let settings = try? JSONDecoder().decode(Settings.self, from: data)
        else { return nil }
        return ContentSizeCategory(name: settings.textSize)
    }

    /// Saves atomically; a failure is reported but never stops the program.
    func save(_ category: ContentSizeCategory) throws {
        // Private, as the store is (`PrivateFiles`).
        try PrivateFiles.createFolders(url.deletingLastPathComponent())
        let data = try JSONEncoder().encode(Settings(textSize: category.name))
        try PrivateFiles.write(data, to: url)
    }
}
