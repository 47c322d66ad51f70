import Foundation

/// libpq's and the server's errors as `HubError`s: the kind from the
/// server's SQLSTATE or libpq's words, the message made one readable line
/// (libpq lays its messages out over lines and tabs and prefixes the
/// server's with `FATAL:`), and libpq's own terms (`fe_sendauth: no password
/// supplied`) said in words with what to do.
enum HubFailure {
    /// Connecting failed, with libpq's message.
    static func connecting(_ address: HubAddress, message: String) -> HubError {
        let reason = plain(message)
        if reason.contains("fe_sendauth: no password supplied") {
            return HubError(.permission, "cannot connect to \(address): the server asks for a password and none was given; "
                + "set PGPASSWORD or add a line for this database to ~/.pgpass (mode 600)")
        }
        let kind: HubError.Kind = reason.contains("password authentication failed") || reason.contains("no pg_hba.conf entry")
            || reason.contains("permission denied") ? .permission : .unreachable
        return HubError(kind, "cannot connect to \(address): \(reason)")
    }

    /// libpq refused to start connecting: an option it cannot use (`sslmode=sometimes`, a port that is no number)
    /// is the address's problem, a usage error; anything else (a host name that does not resolve) as `connecting`.
    static func starting(_ address: HubAddress, message: String) -> HubError {
        let reason = plain(message)
        if reason.hasPrefix("invalid ") || reason.hasPrefix("could not match ") {
            return HubError(.badAddress, "\(address) cannot be used: \(reason)")
        }
        return connecting(address, message: message)
    }

    /// The connection broke mid-call, with libpq's message.
    static func lost(_ address: HubAddress, message: String) -> HubError {
        let reason = plain(message)
        return HubError(.unreachable, "the connection to \(address) was lost" + (reason.isEmpty ? "" : ": \(reason)"))
    }

    /// A statement the server refused.
    static func statement(_ result: HubResult, address: HubAddress) -> HubError {
        let state = result.errorField("C") ?? ""
        let primary = result.errorField("M").map(plain) ?? "an error without a message"
        let hint = result.errorField("H").map { " (\(plain($0)))" } ?? ""
        let kind: HubError.Kind =
            if state == "42501" || state.hasPrefix("28") {
                .permission
            } else if state.hasPrefix("08") || state.hasPrefix("57P") || state == "3D000" {
                .unreachable
            } else {
                .refused
            }
        let lead = kind == .permission ? "\(address) refused this role" : "\(address) refused"
        return HubError(kind, "\(lead): \(primary)\(hint)", state: state)
    }

    /// `message` as one line: no severity prefixes, no trailing newline, white space runs as one space.
    static func plain(_ message: String) -> String {
        // libpq puts a hint on a line of its own, indented: a sentence of its own here.
        var text = message.replacingOccurrences(of: "\n\t", with: ". ")
        for prefix in ["FATAL:  ", "ERROR:  ", "FATAL: ", "ERROR: "] {
            text = text.replacingOccurrences(of: prefix, with: "")
        }
        return HubText.printable(text)
    }
}
