import Foundation
import Testing

/// A file in the repository that a test's output must equal. Run the tests with
/// `IDELIVERMOBILE_RECORD_GOLDENS=1` to rewrite the files from the code instead.
struct GoldenFile {
    /// Path from the package root, e.g. `Data/type-ramp.tsv`.
    let relativePath: String

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    var url: URL { Self.packageRoot.appendingPathComponent(relativePath) }

    static var isRecording: Bool { ProcessInfo.processInfo.environment["IDELIVERMOBILE_RECORD_GOLDENS"] == "1" }

    func expectEqual(to produced: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if Self.isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try produced.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(stored == produced, "\(relativePath) differs; regenerate with IDELIVERMOBILE_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
    }
}
