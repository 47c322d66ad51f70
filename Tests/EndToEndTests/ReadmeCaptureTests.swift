import Foundation
import Testing
import TestSupport

/// The pictures in README.md and docs/*.md are real output of `render`: each
/// block marked `<!-- render: ARGS -->` must equal what the built binary prints
/// for those arguments and the bundled data (its own option parsing, not a copy of it).
@Suite(.enabled(if: TmuxSession.binary != nil, "needs the binary make test builds (IDELIVERMOBILE_BIN)"))
struct ReadmeCaptureTests {
    struct Capture {
        var arguments: [String]
        var text: String
    }

    /// README.md and every Markdown file in docs/.
    static func documents() throws -> [URL] {
        let root = TmuxSession.repositoryRoot
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [root.appendingPathComponent("README.md")] + pages
    }

    static func captures() throws -> [Capture] {
        var found: [Capture] = []
        for document in try documents() {
            found += try captures(in: String(contentsOf: document, encoding: .utf8))
        }
        return found
    }

    static func captures(in text: String) -> [Capture] {
        var captures: [Capture] = []
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- render:"), line.hasSuffix("-->") else { continue }
            let arguments = line.dropFirst("<!-- render:".count).dropLast(3).split(separator: " ").map(String.init)
            guard lines.popFirst() == "```text" else { continue }
            var body: [String] = []
            while let next = lines.popFirst(), next != "```" { body.append(next) }
            captures.append(Capture(arguments: arguments, text: body.map { $0 + "\n" }.joined()))
        }
        return captures
    }

    @Test func everyCaptureIsWhatRenderPrints() throws {
        let captures = try Self.captures()
        #expect(captures.count >= 3)
        let binary = try #require(TmuxSession.binary)
        let data = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        // An empty home: no saved setting of the developer's changes the picture.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]
            .map { "\($0)=\(home.appendingPathComponent($0).path)" }
        for capture in captures {
            let printed = try ChildProcess.run(environment + [binary, "render"] + capture.arguments + [data])
            #expect(printed == capture.text, "capture \(capture.arguments.joined(separator: " "))")
        }
    }
}
