import Foundation
import TestSupport
import Testing

/// The real binary on a terminal that draws images: a peer answering as
/// `xterm -ti vt340` (sixel, the cell size in the tty's pixel fields) gets
/// `pixels` from `automatic` and sixel images of the text; one answering
/// as kitty's graphics protocol gets kitty images; moving the selection
/// sends no image again.
@Suite(.serialized, .enabled(if: TmuxSession.binary != nil, "needs the binary make test builds (IDELIVERMOBILE_BIN)"))
struct PixelProbeTests {
    static func start(_ answers: PtyPeer.Answers, textSize: String, cell: (width: Int, height: Int)?) throws -> (PtyPeer, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("idm-pixels-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        guard let binary = TmuxSession.binary else { throw PtyPeer.Failure(description: "no binary") }
        let data = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        let peer = try PtyPeer(
            arguments: [binary, "browse", data, "--text-size", textSize], environment: GlyphProbeTests.environment(home: home),
            answers: answers, width: 100, height: 30, cellPixels: cell
        )
        return (peer, home)
    }

    /// What the program drew after the probe.
    static func drawn(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[(GlyphProbeTests.probeEnd(bytes) ?? 0)...])
    }

    @Test func anXtermVT340GetsSixelImagesAndTheSelectionSendsNoneAgain() throws {
        let (peer, home) = try Self.start(.sixel, textSize: "AX2", cell: (9, 19))
        defer { try? FileManager.default.removeItem(at: home) }
        try peer.read(until: { bytes in
            guard GlyphProbeTests.probeEnd(bytes) != nil else { return false }
            return SixelImage.all(in: Self.drawn(bytes)).count >= 3
        }, "the first frame's images")
        // A first key: its frame comes after the whole first frame (one frame is written
        // whole before the next key is read), so what follows it is the keys' own output.
        let first = peer.output.count
        peer.send("j")
        try peer.read(until: { String(decoding: $0[first...], as: UTF8.self).contains("▌") }, "the selection moved down")
        let images = SixelImage.all(in: Self.drawn(peer.output))
        // At AX2 Headline is 33 pt: 33/17 of a native capital (12 px).
        let name = try #require(images.first { $0.row == 1 })
        let cap = name.firstGlyphInkHeight()
        #expect(abs(cap / 12 - 33.0 / 17) / (33.0 / 17) <= 0.05, "cap \(cap) px")
        #expect(!String(decoding: Self.drawn(peer.output), as: UTF8.self).contains("\u{1B}#3"), "no doubled lines")
        #expect(String(decoding: peer.output, as: UTF8.self).contains("\u{1B}[?2;1;0S"), "the largest sixel image asked of a sixel terminal")
        let before = peer.output.count
        // Up and down again: the selection bar drawn says each key's frame came.
        peer.send("k")
        try peer.read(until: { String(decoding: $0[before...], as: UTF8.self).contains("▌") }, "the selection moved up")
        let middle = peer.output.count
        peer.send("j")
        try peer.read(until: { String(decoding: $0[middle...], as: UTF8.self).contains("▌") }, "the selection moved down again")
        #expect(SixelImage.all(in: Array(peer.output[before...])).count == 0, "moving the selection sends no image")
        // A size step: the status bar names the mode, how images go, and the terminal.
        let stepped = peer.output.count
        peer.send("+")
        try peer.read(until: { String(decoding: $0[stepped...], as: UTF8.self).contains("glyphs: pixels (sixel, xterm)") }, "the mode named")
        peer.send("q")
        #expect(try peer.waitForExit() == 0)
    }

    @Test func withoutACellSizeTheVT340GetsDoubledLines() throws {
        let (peer, home) = try Self.start(.sixel, textSize: "AX2", cell: nil)
        defer { try? FileManager.default.removeItem(at: home) }
        try peer.read(until: { bytes in
            guard let end = GlyphProbeTests.probeEnd(bytes) else { return false }
            let drawn = String(decoding: bytes[end...], as: UTF8.self)
            return drawn.contains("Text size: AX2") && drawn.contains("\u{1B}#3")
        }, "the first frame, with doubled lines")
        #expect(SixelImage.all(in: Self.drawn(peer.output)).isEmpty)
        peer.send("q")
        #expect(try peer.waitForExit() == 0)
    }

    @Test func aKittyGraphicsPeerGetsKittyImages() throws {
        let (peer, home) = try Self.start(.kittyGraphics, textSize: "AX1", cell: (10, 20))
        defer { try? FileManager.default.removeItem(at: home) }
        try peer.read(until: { bytes in
            guard let end = GlyphProbeTests.probeEnd(bytes) else { return false }
            return String(decoding: bytes[end...], as: UTF8.self).contains("\u{1B}_Ga=T,f=24,")
        }, "a kitty image")
        let drawn = String(decoding: Self.drawn(peer.output), as: UTF8.self)
        #expect(!drawn.contains("\u{1B}Pq") && !drawn.contains("\u{1B}P0;1;0q"), "no sixel")
        #expect(!drawn.contains("\u{1B}]66;"), "no OSC 66 text")
        #expect(!String(decoding: peer.output, as: UTF8.self).contains("\u{1B}[?2;1;0S"), "no sixel question to a terminal without sixel")
        peer.send("q")
        #expect(try peer.waitForExit() == 0)
    }
}
