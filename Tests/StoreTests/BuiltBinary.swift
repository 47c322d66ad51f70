import Foundation
import TestSupport

/// The `idelivermobile` that `make test` builds and names in IDELIVERMOBILE_BIN.
///
/// Only that variable, never a guess at a path under `.build`: a binary left over
/// from an older build would test old code.
enum BuiltBinary {
    static var path: String? {
        guard let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"], !path.isEmpty else { return nil }
        return path
    }
}

extension BuiltBinary {
    /// Runs the binary to the end in `folder` (with `environment`, if given,
    /// instead of the test's own) and returns its exit status and output.
    static func run(
        _ arguments: [String], in folder: URL, environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String, errors: String) {
        let outcome = try ProcessOutcome.of(path ?? "/nonexistent", arguments, in: folder, environment: environment)
        return (outcome.status, outcome.output, outcome.errors)
    }
}
