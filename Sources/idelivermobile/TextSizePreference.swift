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
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = try JSONEncoder().encode(Settings(textSize: category.name))
        try data.write(to: url, options: .atomic)
    }
}
