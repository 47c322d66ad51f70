import Canvas
import Foundation
import Model
import Testing
import Typesetting
@testable import Screens

/// The README's pictures are real output of `render`: each block marked
/// `<!-- render: ARGS -->` must equal the frame those arguments draw.
@Suite struct ReadmeCaptureTests {
    struct Capture {
        var arguments: [String]
        var text: String
    }

    static func captures() throws -> [Capture] {
        let readme = try String(contentsOf: SampleData.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var captures: [Capture] = []
        var lines = readme.components(separatedBy: "\n")[...]
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
        for capture in captures {
            var options: [String: String] = [:]
            var arguments = capture.arguments[...]
            while let name = arguments.popFirst(), let value = arguments.popFirst() { options[name] = value }
            let size = Size(parsing: options["--size"] ?? "80x24") ?? Size(width: 80, height: 24)
            let category = options["--text-size"].flatMap(ContentSizeCategory.init(name:)) ?? .large
            let start = StartingView(
                top: options["--top"].flatMap { Int($0) }, selected: options["--select"].flatMap { Int($0) },
                opensShipment: options["--screen"] == "shipment"
            )
            var state = SampleData.state(width: size.width, height: size.height, category: category, start: start)
            _ = state.update(.clock(options["--now"].flatMap(TimeOfDay.init(parsingClock:))))
            #expect(state.render().plainText == capture.text, "README capture \(capture.arguments.joined(separator: " "))")
        }
    }
}
