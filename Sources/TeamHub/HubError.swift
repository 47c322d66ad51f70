import Model

/// Why the hub could not be reached, read or written, in words a person can
/// act on: never a library's error name, never a password, no control
/// characters. Carries the sysexits code the command line returns.
public struct HubError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The address cannot be read as libpq reads it (EX_USAGE, 64), before any server is asked.
        case badAddress
        /// No server there, the database does not exist, or the connection was lost (EX_UNAVAILABLE, 69).
        case unreachable
        /// The server kept the connection but sent nothing within the deadline (EX_UNAVAILABLE, 69).
        case timedOut
        /// Another thread interrupted the call (`HubConnection.cancel()`) (EX_TEMPFAIL, 75).
        case cancelled
        /// The server refused a password or a right the role lacks (EX_NOPERM, 77).
        case permission
        /// The role to grant to does not exist (EX_NOUSER, 67).
        case noSuchRole
        /// The hub's schema is newer than this program's (EX_DATAERR, 65).
        case schemaTooNew
        /// The hub's schema is older than this program's and only its owner may update it (EX_DATAERR, 65).
        case schemaOutdated
        /// The server turned a request down for a reason none of the others name (EX_UNAVAILABLE, 69).
        case refused
        /// Reading a local file failed (EX_IOERR, 74).
        case io
    }

    public var kind: Kind
    /// What happened, in a sentence.
    public var message: String
    /// The server's SQLSTATE, for a statement it refused.
    var state: String?

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = HubText.printable(message)
    }

    init(_ kind: Kind, _ message: String, state: String?) {
        self.init(kind, message)
        self.state = state
    }

    /// The sysexits code for this error.
    public var exitCode: Int32 {
        let status: ExitStatus = switch kind {
        case .badAddress: .usage
        case .unreachable, .timedOut, .refused: .unavailable
        case .cancelled: .temporaryFailure
        case .permission: .noPermission
        case .noSuchRole: .noUser
        case .schemaTooNew, .schemaOutdated: .dataError
        case .io: .ioError
        }
        return status.rawValue
    }

    public var description: String { message }
}
