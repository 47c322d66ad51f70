import Foundation

/// A golden snapshot in the repository (`Tests/…/Snapshots`): rewritten from
/// what a test produced when `make snapshots` runs the tests
/// (IDELIVERMOBILE_RECORD_SNAPSHOTS=1), else read for the test to compare.
public enum SnapshotFile {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["IDELIVERMOBILE_RECORD_SNAPSHOTS"] == "1" }

    /// The snapshot stored at `url`, to compare `produced` with; nil when
    /// recording, after `produced` was written there.
    public static func stored(at url: URL, produced: String) throws -> String? {
        guard isRecording else { return try String(contentsOf: url, encoding: .utf8) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try produced.write(to: url, atomically: true, encoding: .utf8)
        return nil
    }
}
