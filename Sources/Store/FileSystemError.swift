import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call on a file or folder failed: the path it failed on and the
/// system's own words for why ("/srv/afile: Not a directory"), where a
/// `POSIXError` would say only "The operation could not be completed".
public struct FileSystemError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let code: Int32

    /// The failure `errno` says now, on `path`.
    public init(path: String, code: Int32 = errno) {
        self.path = path
        self.code = code
    }

    public var description: String { "\(path): \(String(cString: strerror(code)))" }
    public var errorDescription: String? { description }
}
