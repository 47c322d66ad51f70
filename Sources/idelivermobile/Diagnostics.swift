import ArgumentParser
import Foundation
import Model
import Typesetting

/// Messages for people on stderr, prefixed with the program's name. They
/// name paths, ids and values that come from outside, so every line passes
/// the screens' gate (`Sanitizer`): nothing in them drives the terminal.
enum Diagnostics {
    static func warn(_ message: String) {
        // A terminal that hung up refuses the write; the message is then lost, not the program.
        try? FileHandle.standardError.write(contentsOf: Data("idelivermobile: \(Sanitizer.sanitizeLines(message))\n".utf8))
    }

    static func fail(_ message: String, _ code: ExitCode) -> Never {
        warn(message)
        IDeliverMobile.exit(withError: code)
    }

    static func fail(_ message: String, _ status: ExitStatus) -> Never {
        fail(message, ExitCode(status.rawValue))
    }
}
