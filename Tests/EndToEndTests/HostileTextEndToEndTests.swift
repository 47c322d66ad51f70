import Foundation
import Testing

/// The live terminal shows exactly what `render` prints, cell for cell, for
/// text terminals find hard: emoji sequences, stacked marks, Thai,
/// Devanagari, conjoining jamo, CJK (`HostileText.corpus`).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct HostileTextEndToEndTests {
    private static func trimmed(_ lines: [String]) -> [String] { RenderedScreen.trimmed(lines) }

    private static func render(_ manifest: URL, _ arguments: String...) throws -> [String] {
        try RenderedScreen.lines([manifest.path] + arguments)
    }

    @Test(arguments: [0, 3, 6, 9])
    func theLiveScreenEqualsRender(first: Int) throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let manifest = tmux.home.appendingPathComponent("hostile.json")
        try HostileText.manifest(from: first, count: 3).write(to: manifest)
        guard let binary = TmuxSession.binary else { return }
        try tmux.type("'\(binary)' '\(manifest.path)'")

        let list = try Self.render(manifest, "--size", "80x24")
        var screen = try tmux.waitFor { Self.trimmed($0) == list }
        #expect(Self.trimmed(screen) == list, "the list at 80×24")

        try tmux.press("Enter")
        let shipment = try Self.render(manifest, "--size", "80x24", "--screen", "shipment", "--select", "0")
        screen = try tmux.waitFor { Self.trimmed($0) == shipment }
        #expect(Self.trimmed(screen) == shipment, "the shipment at 80×24")

        // Narrower, so that the sequences wrap and meet the right edge.
        try tmux.tmux("resize-window", "-t", tmux.name, "-x", "37", "-y", "24")
        let narrowShipment = try Self.render(manifest, "--size", "37x24", "--screen", "shipment", "--select", "0")
        screen = try tmux.waitFor { Self.trimmed($0) == narrowShipment }
        #expect(Self.trimmed(screen) == narrowShipment, "the shipment at 37×24")

        try tmux.press("Escape")
        let narrowList = try Self.render(manifest, "--size", "37x24")
        screen = try tmux.waitFor { Self.trimmed($0) == narrowList }
        #expect(Self.trimmed(screen) == narrowList, "the list at 37×24")

        // Big glyphs: what the font lacks (emoji, flags) is drawn as text among the mosaics.
        try tmux.press("+")
        let big = try Self.render(manifest, "--size", "37x24", "--text-size", "xLarge")
        screen = try tmux.waitFor { Self.trimmed($0) == big }
        #expect(Self.trimmed(screen) == big, "the list at xLarge")
        try tmux.press("+", "+", "+", "+")
        let bigger = try Self.render(manifest, "--size", "37x24", "--text-size", "AX2")
        screen = try tmux.waitFor { Self.trimmed($0) == bigger }
        #expect(Self.trimmed(screen) == bigger, "the list at AX2")
        try tmux.press("q")
    }
}
