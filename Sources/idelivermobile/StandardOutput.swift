import Foundation
import Model
import Typesetting

/// Standard output, where a failed write is an error (exit 74 with a
/// message), never lost output that looks like success: a full disk
/// (`> /dev/full`), a closed descriptor (`>&-`), a reader gone.
enum StandardOutput {
    /// Writes `bytes` whole, or exits 74 saying why.
    static func write(_ bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array[offset...].withUnsafeBytes { chunk in writeToDescriptor(1, chunk) }
            if written < 0 {
                if errno == EINTR { continue }
                Diagnostics.fail("cannot write to standard output: \(String(cString: strerror(errno)))", ExitStatus.ioError)
            }
            offset += written
        }
    }

    static func write(_ text: String) {
        write(text.utf8)
    }

    /// JSON for scripts, byte for byte when piped (JSON escapes control
    /// characters); on a terminal through the screens' gate, as the screens
    /// show text (JSON leaves bidi controls and the like as they are).
    static func writeJSON(_ json: String) {
        if isatty(1) == 1 { say(json) } else { write(json + "\n") }
    }

    /// A line for a person (a report, a confirmation): through the screens'
    /// gate, so a name or path from outside shows its controls as symbols.
    static func say(_ line: String) {
        write(Sanitizer.sanitizeLines(line) + "\n")
    }

    /// Standard input, output and error that were closed when the program
    /// started are taken by /dev/null, opened the wrong way round: a file the
    /// program opens later (a store, a lock) must never become its standard
    /// output and receive its report, and a write there must fail (EBADF)
    /// as it would on the closed descriptor.
    static func reserveClosedStandardDescriptors() {
        for descriptor: Int32 in 0 ... 2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }
}

/// write(2), named apart from `StandardOutput.write`, which would hide it.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}
