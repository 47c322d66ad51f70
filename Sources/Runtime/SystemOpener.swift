import Foundation

/// Opens a URL with the desktop's opener (`xdg-open`, or `open` on macOS),
/// detached from the terminal so it cannot draw over the screens.
public enum SystemOpener {
    /// False when no opener is installed or it could not start.
    public static func open(_ url: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let names = ["xdg-open", "open"]
        guard let opener = names.lazy.compactMap({ name in
            path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }).first else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }
}
