import CLibpq
import ContentDigest
import Foundation
import Synchronization

/// Where the team's hub is: a `postgresql://` (or `postgres://`) URL, read by
/// libpq itself (`PQconninfoParse`), so that what the URL leaves out comes
/// from the `PG*` variables, `~/.pgpass`, a service file and libpq's
/// defaults exactly as for psql, and every parameter libpq knows
/// (`sslmode`, `connect_timeout`, `target_session_attrs`, ...) is honoured.
///
/// What libpq refuses is a usage error naming the problem, before any server
/// is asked: a broken percent escape (`te%ZZam`), a parameter libpq does not
/// know. A text that starts like an address but is not one (`postgresql:/team`,
/// one slash; `POSTGRESQL://`, which libpq does not read as a URL) is refused
/// too, rather than taken for a file name or another database.
public struct HubAddress: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: handed to libpq, never printed.
    let text: String
    /// The URL without its password, fit to print.
    public let redacted: String
    /// Whether the URL holds a password, which `ps` shows to everyone on the machine.
    public let hasPasswordInURL: Bool
    /// The database this address reaches, the same for every spelling of it
    /// and whatever the password: `postgresql://USER@HOST:PORT/DATABASE`
    /// (and the service, if one names it), with what the URL leaves out
    /// taken from the `PG*` variables and libpq's defaults as connecting would.
    public let replicaKey: String

    /// Whether `text` is meant as a database address rather than a file:
    /// it starts with `postgres:` or `postgresql:`, in any case, with any
    /// number of slashes. Such a text is read by `init(parsing:)` and never
    /// used as a file name, even when it is malformed.
    public static func isAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql:") || lower.hasPrefix("postgres:")
    }

    public init(parsing text: String) throws(HubError) {
        let scheme = text.prefix { $0 != ":" }
        let afterScheme = text.dropFirst(scheme.count)
        guard Self.isAddress(text) else {
            throw HubError(.badAddress, "'\(Self.redact(text))' is not a database address: it starts with postgresql://")
        }
        guard afterScheme.hasPrefix("://") else {
            let slashes = afterScheme.dropFirst().prefix { $0 == "/" }.count
            throw HubError(.badAddress, "'\(Self.redact(text))' has \(slashes == 1 ? "one slash" : "\(slashes) slashes") after \(scheme):, "
                + "where a database address has two: \(scheme.lowercased())://HOST/DATABASE, or \(scheme.lowercased()):///DATABASE for this machine's socket")
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw HubError(.badAddress, "'\(Self.redact(text))' starts with \(scheme)://; libpq reads only postgresql:// or postgres://, in lower case")
        }
        var message: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(text, &message) else {
            let reason = message.map { String(cString: $0) } ?? "it cannot be read (out of memory?)"
            PQfreemem(message)
            throw HubError(.badAddress, "'\(Self.redact(text))' is not a database address libpq can read: \(Self.redact(reason, in: text))")
        }
        defer { PQconninfoFree(parsed) }
        let given = Self.values(parsed)
        self.text = text
        redacted = Self.redact(text)
        hasPasswordInURL = given["password"] != nil
        replicaKey = Self.key(given)
    }

    public var description: String { redacted }

    /// The warning to show, once per address and process, when the URL
    /// holds a password; nil when it does not or it was shown already.
    public func passwordWarning() -> String? {
        guard hasPasswordInURL, Self.warned.withLock({ $0.insert(redacted).inserted }) else { return nil }
        return "the password in \(redacted) is visible to everyone on this machine (ps shows the command line); "
            + "put it in PGPASSWORD or ~/.pgpass (host:port:database:user:password, mode 600) instead"
    }

    private static let warned = Mutex<Set<String>>([])

    /// A file name for this database's replica: the key's letters and digits, and a hash of the key that keeps apart keys that read alike.
    public var replicaFileStem: String {
        let readable = String(replicaKey.dropFirst("postgresql://".count).map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return String(readable.prefix(80)) + "-" + ContentHash.sha256(Data(replicaKey.utf8)).prefix(12)
    }

    /// The values libpq read from the text, by keyword.
    private static func values(_ options: UnsafeMutablePointer<PQconninfoOption>) -> [String: String] {
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return values
    }

    /// The key of the database `given` reaches, what it leaves out filled as libpq fills it.
    private static func key(_ given: [String: String]) -> String {
        var defaults: [String: String] = [:]
        if let options = PQconndefaults() {
            defaults = values(options)
            PQconninfoFree(options)
        }
        func value(_ keyword: String) -> String {
            if let value = given[keyword], !value.isEmpty { return value }
            return defaults[keyword] ?? ""
        }
        let user = value("user")
        let database = value("dbname").isEmpty ? user : value("dbname")
        // No host: libpq's default socket folder.
        let host = value("host").isEmpty ? value("hostaddr") : value("host")
        let port = value("port").isEmpty ? "5432" : value("port")
        let service = value("service")
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return "postgresql://\(encoded(user))@\(encoded(host)):\(encoded(port))/\(encoded(database))"
            + (service.isEmpty ? "" : "?service=\(encoded(service))")
    }

    /// `text` without the password its user part or a `password=` parameter holds.
    static func redact(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        var result = String(text[..<schemeEnd.upperBound])
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at].prefix { $0 != ":" }
            result += user + authority[at...]
        } else {
            result += authority
        }
        let path = rest[authorityEnd...]
        guard let question = path.firstIndex(of: "?") else { return result + path }
        result += path[..<question]
        let parameters = path[path.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { !$0.lowercased().hasPrefix("password=") }
        return result + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// `message` with every spelling of the password in `text` (as written, and percent-decoded) replaced by `***`.
    static func redact(_ message: String, in text: String) -> String {
        var message = message
        for password in passwords(in: text) where !password.isEmpty {
            message = message.replacingOccurrences(of: password, with: "***")
            if let decoded = password.removingPercentEncoding, !decoded.isEmpty {
                message = message.replacingOccurrences(of: decoded, with: "***")
            }
        }
        return message
    }

    /// The passwords `text` holds as written: its user part's and any `password=` parameter's.
    private static func passwords(in text: String) -> [String] {
        guard let schemeEnd = text.range(of: "://") else { return [] }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var found: [String] = []
        if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            found.append(String(rest[rest.index(after: colon)..<at]))
        }
        if let question = rest.firstIndex(of: "?") {
            for parameter in rest[rest.index(after: question)...].split(separator: "&") where parameter.lowercased().hasPrefix("password=") {
                found.append(String(parameter.dropFirst("password=".count)))
            }
        }
        return found
    }
}
