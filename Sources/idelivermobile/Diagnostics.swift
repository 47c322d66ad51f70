import ArgumentParser
import Foundation
import Model

/// Messages for people on stderr, prefixed with the program's name.
enum Diagnostics {
    static func warn(_ message: String) {
        // A terminal that hung up refuses the write; the message is then lost, not the program.
        try? FileHandle.standardError.write(contentsOf: Data("idelivermobile: \(message)\n".utf8))
    }

    static func fail(_ message: String, _ code: ExitCode) -> Never {
        warn(message)
        IDeliverMobile.exit(withError: code)
    }

    static func fail(_ message: String, _ status: ExitStatus) -> Never {
        fail(message, ExitCode(status.rawValue))
    }
}
