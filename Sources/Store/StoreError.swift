import Model

/// Why the store could not be opened, created, read or written.
///
/// Carries the sysexits code the CLI returns: 73 when the store cannot be
/// created, 66 when there is none to read, 65 when the file is not a store, 69 when its server cannot be
/// reached, 64 when its location cannot be read, 74 for other I/O failures.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; decides the exit code.
    public enum Kind: Sendable, Hashable {
        /// The store file or its folder cannot be created (EX_CANTCREAT, 73).
        case cannotCreate
        /// No store there to read, or a folder where one should be (EX_NOINPUT, 66).
        case missing
        /// The file exists but is not a deliveries store (EX_DATAERR, 65).
        case notAStore
        /// Reading or writing failed (EX_IOERR, 74).
        case inputOutput
        /// The delivery id is not in the store (EX_DATAERR, 65).
        case unknownDelivery
        /// The store's schema is newer than this program's, or needs an
        /// update a read-only open cannot make (EX_DATAERR, 65).
        case newerSchema
        /// Another process holds the write lock and did not let go in time (EX_TEMPFAIL, 75).
        case busy
        /// The database server cannot be reached or refused us (EX_UNAVAILABLE, 69).
        case unavailable
        /// The import was stopped by a signal (`ImportInterruption`) and
        /// changed nothing; the program exits as that signal's death.
        case interrupted
        /// The store's location cannot be read: a malformed URL, an unknown
        /// `sslmode` (EX_USAGE, 64), before any server is asked.
        case badLocation
    }

    public var kind: Kind
    /// The store file.
    public var path: String
    /// What happened, in a sentence.
    public var reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// The sysexits code for this error.
    public var exitCode: Int32 {
        let status: ExitStatus = switch kind {
        case .cannotCreate: .cannotCreate
        case .missing: .noInput
        case .notAStore, .unknownDelivery, .newerSchema: .dataError
        case .inputOutput, .interrupted: .ioError
        case .busy: .temporaryFailure
        case .unavailable: .unavailable
        case .badLocation: .usage
        }
        return status.rawValue
    }

    public var description: String { "\(path): \(reason)" }
}
