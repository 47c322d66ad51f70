import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who made a status change: one browser (its client id, `BrowserIdentity`)
/// and the person using it (the login name).
///
/// A change is its maker's: `u` undoes only changes whose `clientID` is the
/// undoer's, so two browsers of one person are two authors, while a browser
/// restarted takes its id back and keeps its undo.
public struct ChangeAuthor: Sendable, Hashable, Codable {
    /// The browser's id, stable across its restarts.
    public let clientID: String
    /// The person's login name, for messages ("ana in another browser").
    public let userName: String

    public init(clientID: String, userName: String) {
        self.clientID = clientID
        self.userName = userName
    }

    /// A command-line program that is no browser (a script, a test): one
    /// author per login, whose changes no browser takes for its own.
    public static var commandLine: ChangeAuthor {
        ChangeAuthor(clientID: "command-line", userName: currentUserName())
    }

    /// The login name of this process's user: the password database's,
    /// else `$USER`, else the uid as a number.
    public static func currentUserName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            let text = String(cString: name)
            if !text.isEmpty { return text }
        }
        if let user = environment["USER"], !user.isEmpty { return user }
        return "uid \(getuid())"
    }
}
