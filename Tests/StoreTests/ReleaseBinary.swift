import Foundation

/// The release `idelivermobile` that `make test` builds and names in IDELIVERMOBILE_BIN.
///
/// Only that variable, never a guess at `.build/release`: a binary left over
/// from an older build would test old code.
enum ReleaseBinary {
    static var path: String? {
        guard let path = ProcessInfo.processInfo.environment["IDELIVERMOBILE_BIN"], !path.isEmpty else { return nil }
        return path
    }
}
