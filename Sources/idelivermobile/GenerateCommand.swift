import ArgumentParser
import Foundation
import ManifestGenerator
import Model

/// `idelivermobile generate --count N --seed S [--out FILE]`: a deterministic
/// manifest of realistic deliveries, for trying and measuring large lists.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a generated manifest of N deliveries (the same seed always gives the same bytes).",
        discussion: """
        Names and addresses run from a few characters to several wrapped lines; about one delivery \
        in ten is in Japanese, Chinese, Russian or Greek; optional fields are sometimes absent. \
        Example: idelivermobile generate --count 1000000 --seed 1 --out big.json
        """
    )

    // Unconditional, so that "-5" is read as the (bad) count it is and not as an unknown flag.
    @Option(parsing: .unconditional, help: "How many deliveries to write.")
    var count: Int

    @Option(help: "The seed; the same seed and count always give the same file.")
    var seed: UInt64 = 1

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more, not \(count).") }
    }

    func run() throws {
        let handle: FileHandle
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: nil),
                  let file = FileHandle(forWritingAtPath: out)
            else {
                Diagnostics.fail("cannot create \(out)", ExitStatus.cannotCreate)
            }
            handle = file
        } else {
            handle = FileHandle.standardOutput
        }
        var bytes = 0
        do {
            try GeneratedManifest(count: count, seed: seed).write { chunk in
                try handle.write(contentsOf: chunk)
                bytes += chunk.count
            }
            if out != nil { try handle.close() }
        } catch {
            Diagnostics.fail("writing \(out ?? "standard output") failed: \(error.localizedDescription)", ExitStatus.ioError)
        }
        // Standard output is the manifest itself when --out is not given: the note then goes to stderr.
        let wrote = "Wrote \(count) deliver\(count == 1 ? "y" : "ies") (seed \(seed), \(bytes) bytes) to "
        if let out {
            print(wrote + out)
        } else if isatty(2) == 1 {
            Diagnostics.warn(wrote + "standard output")
        }
    }
}
