import Foundation

/// Finds the sample deliveries that ship in the repository's `Data/` folder.
enum BundledData {
    /// `$IDELIVERMOBILE_DATA`, else `Data/deliveries.json` of the source tree
    /// this binary was built from, else beside the current directory.
    static var manifestURL: URL {
        if let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // Sources/idelivermobile/BundledData.swift -> repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = root.appendingPathComponent("Data/deliveries.json")
        if FileManager.default.fileExists(atPath: built.path) { return built }
        return URL(fileURLWithPath: "Data/deliveries.json")
    }
}
