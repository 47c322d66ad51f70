import Foundation

/// Where a PostgreSQL store is and who connects to it, read as libpq reads it:
/// a `postgresql://` (or `postgres://`) URL, then the `PG*` environment
/// variables for what the URL leaves out, then libpq's defaults; the password
/// from the URL, `PGPASSWORD` or the password file (`PGPASSFILE`, else `~/.pgpass`).
///
///     postgresql://courier@db.example.com:5432/deliveries?sslmode=require
///     postgresql:///deliveries?host=/run/postgresql      (a Unix socket folder)
///
/// `description` never holds the password, so a location is safe to print.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// How TLS is used (libpq's `sslmode`).
    public enum TLSMode: String, Sendable, Hashable {
        /// No TLS.
        case disable
        /// TLS when the server offers it (`allow` and `prefer`); the certificate is not checked.
        case prefer
        /// TLS or no connection; the certificate is not checked (libpq's `require`).
        case require
        /// TLS or no connection, with the certificate and host name checked against the system's roots.
        case verifyFull = "verify-full"
    }

    /// A host name or address, or a folder holding the server's Unix socket (starts with `/`).
    public var host: String
    public var port: Int
    public var user: String
    /// Never printed.
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// How long connecting may take (libpq's `connect_timeout`, in seconds:
    /// at least 2; 0 or less waits as long as it takes); nil for this
    /// program's default, a few seconds, so that a browser started against
    /// a host that does not answer says so rather than hangs.
    public var connectTimeout: Int?

    /// Whether `host` is a Unix socket folder.
    public var isUnixSocket: Bool { host.hasPrefix("/") }
    /// The socket file, for a Unix socket host.
    public var socketPath: String { "\(host)/.s.PGSQL.\(port)" }
    /// Where connections go, for messages: the socket file, or host and port.
    public var endpoint: String {
        if isUnixSocket { return socketPath }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String, tls: TLSMode = .prefer) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Whether `text` names a PostgreSQL store rather than a file.
    public static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// Reads `url`, filling what it leaves out from `environment` and the password file.
    /// Throws `PostgresLocation.Problem` naming what is wrong (never echoing a password).
    public init(
        url: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory()
    ) throws(Problem) {
        guard let schemeEnd = url.range(of: "://"), Self.isURL(url) else {
            throw Problem("a store URL starts with postgresql:// (got something else)")
        }
        var rest = Substring(url[schemeEnd.upperBound...])
        var parameters: [String: String] = [:]
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let key = Self.decode(parts[0]), let value = Self.decode(parts[1]) else {
                    throw Problem("the store URL has a malformed parameter")
                }
                parameters[key] = value
            }
            rest = rest[..<question]
        }
        var path = ""
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[rest.index(after: slash)...])
            rest = rest[..<slash]
        }
        var userInfo: Substring?
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        var urlUser: String?
        var urlPassword: String?
        if let userInfo {
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            urlUser = Self.decode(parts[0]).flatMap { $0.isEmpty ? nil : $0 }
            if parts.count == 2 { urlPassword = Self.decode(parts[1]) }
            if urlUser == nil && !parts[0].isEmpty { throw Problem("the store URL's user name is malformed") }
        }
        // host[:port], or [v6 address][:port]
        var urlHost: String?
        var urlPort: String?
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            urlHost = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { urlPort = String(after.dropFirst()) }
        } else if !rest.isEmpty {
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            urlHost = parts[0].isEmpty ? nil : Self.decode(parts[0])
            if parts.count == 2 { urlPort = String(parts[1]) }
        }

        func pick(_ urlValue: String?, _ parameter: String, _ variable: String) -> String? {
            if let value = parameters[parameter], !value.isEmpty { return value }
            if let urlValue, !urlValue.isEmpty { return urlValue }
            if let value = environment[variable], !value.isEmpty { return value }
            return nil
        }
        host = pick(urlHost, "host", "PGHOST") ?? "/var/run/postgresql"
        let portText = pick(urlPort, "port", "PGPORT") ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw Problem("the port '\(portText)' is not a number from 1 to 65535")
        }
        self.port = port
        user = pick(urlUser, "user", "PGUSER") ?? environment["USER"] ?? "postgres"
        database = pick(Self.decode(Substring(path)), "dbname", "PGDATABASE") ?? user
        let mode = pick(nil, "sslmode", "PGSSLMODE") ?? "prefer"
        switch mode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer
        case "require": tls = .require
        case "verify-full": tls = .verifyFull
        case "verify-ca":
            throw Problem("sslmode=verify-ca is not supported; use verify-full (certificate and host name checked) or require")
        default:
            throw Problem("sslmode '\(mode)' is not one of disable, allow, prefer, require, verify-full")
        }
        if let timeout = pick(nil, "connect_timeout", "PGCONNECT_TIMEOUT") {
            guard let seconds = Int(timeout.trimmingCharacters(in: .whitespaces)) else {
                throw Problem("connect_timeout '\(timeout)' is not a whole number of seconds")
            }
            connectTimeout = seconds
        }
        password = pick(urlPassword, "password", "PGPASSWORD")
        if password == nil {
            let file = environment["PGPASSFILE"] ?? (homeDirectory as NSString).appendingPathComponent(".pgpass")
            password = Self.passwordFromFile(file, host: host, port: port, database: database, user: user)
        }
    }

    /// The location without the password, as a URL.
    public var description: String {
        let hostPart: String
        var query: [String] = []
        if isUnixSocket {
            hostPart = ""
            query.append("host=\(host)")
        } else {
            hostPart = host.contains(":") ? "[\(host)]" : host
        }
        if tls != .prefer { query.append("sslmode=\(tls.rawValue)") }
        let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
        return "postgresql://\(user)@\(hostPart):\(port)/\(database)\(suffix)"
    }

    /// Replaces the password in any postgresql:// URL inside `text`, for messages built from input.
    public static func redacting(_ text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: "(postgres(?:ql)?://[^:/@\\s]*):[^@\\s]*@", options: [.caseInsensitive]) else {
            return text
        }
        let range = NSRange(text.startIndex..., in: text)
        return regex.stringByReplacingMatches(in: text, range: range, withTemplate: "$1:***@")
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).removingPercentEncoding
    }

    /// The password for this connection from a libpq password file
    /// (`host:port:database:user:password`, `*` matching anything, `\` escaping).
    /// Like libpq, a file others can read is ignored.
    static func passwordFromFile(_ path: String, host: String, port: Int, database: String, user: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let mode = attributes[.posixPermissions] as? Int, mode & 0o077 == 0,
              let contents = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        // A Unix socket connection matches the host field `localhost`, as in libpq.
        let hostKey = host.hasPrefix("/") ? "localhost" : host
        for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = splitFields(line)
            guard fields.count == 5 else { continue }
            let wanted = [hostKey, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    private static func splitFields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    /// Why a store URL cannot be used; says nothing of the password.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
