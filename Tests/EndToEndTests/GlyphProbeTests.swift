import Foundation
import Testing

/// The real binary asked what a terminal can draw: a peer that answers the
/// OSC 66 probe as kitty does gets OSC 66 runs at Apple's ratios; a silent
/// one gets mosaics.
@Suite(.serialized, .enabled(if: TmuxSession.binary != nil, "needs the binary make test builds (IDELIVERMOBILE_BIN)"))
struct GlyphProbeTests {
    /// Apple's Headline points, xSmall … AX5.
    static let headlinePoints = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    static let categories = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"]

    struct Run: Equatable {
        var scale: Int, numerator: Int, denominator: Int
        var text: String
        var effective: Double {
            denominator > numerator && numerator > 0 ? Double(scale) * Double(numerator) / Double(denominator) : Double(scale)
        }
    }

    /// Every OSC 66 run in `bytes` after `offset` (the probe's own are skipped by the caller).
    static func runs(in bytes: [UInt8], from offset: Int) -> [Run] {
        let text = String(decoding: bytes[min(offset, bytes.count)...], as: UTF8.self)
        var found: [Run] = []
        for piece in text.components(separatedBy: "\u{1B}]66;").dropFirst() {
            guard let end = piece.range(of: "\u{1B}\\") else { continue }
            let body = piece[..<end.lowerBound]
            guard let split = body.firstIndex(of: ";") else { continue }
            var run = Run(scale: 1, numerator: 0, denominator: 0, text: String(body[body.index(after: split)...]))
            for pair in body[..<split].split(separator: ":") {
                let kv = pair.split(separator: "=")
                guard kv.count == 2, let value = Int(kv[1]) else { continue }
                switch kv[0] {
                case "s": run.scale = value
                case "n": run.numerator = value
                case "d": run.denominator = value
                default: break
                }
            }
            found.append(run)
        }
        return found
    }

    static func environment(home: URL) -> [String] {
        ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
         "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data"]
    }

    static func start(_ answers: PtyPeer.Answers, textSize: String) throws -> (PtyPeer, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("idm-probe-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        guard let binary = TmuxSession.binary else { throw PtyPeer.Failure(description: "no binary") }
        let data = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        let peer = try PtyPeer(
            arguments: [binary, "browse", data, "--text-size", textSize], environment: environment(home: home), answers: answers
        )
        return (peer, home)
    }

    /// Where the probe ends in the output: runs after it are the program's own.
    static func probeEnd(_ bytes: [UInt8]) -> Int? {
        let marker = Array("\u{1B}[5n".utf8)
        guard bytes.count >= marker.count else { return nil }
        for i in 0 ... bytes.count - marker.count where Array(bytes[i ..< i + marker.count]) == marker { return i + marker.count }
        return nil
    }

    @Test func aKittyPeerGetsRunsAtApplesRatiosRisingStrictly() throws {
        let (peer, home) = try Self.start(.kitty, textSize: "xSmall")
        defer { try? FileManager.default.removeItem(at: home) }
        try peer.read(until: { Self.probeEnd($0) != nil }, "the probe")
        var offset = Self.probeEnd(peer.output) ?? 0
        var effective: [Double] = []
        for (index, name) in Self.categories.enumerated() {
            if index > 0 {
                offset = peer.output.count
                peer.send("+")
            }
            if name == "Large" {
                // Headline at Large is native text; the address (Subhead, 15 pt) is still scaled.
                try peer.read(until: { Self.runs(in: $0, from: offset).contains { $0.text.hasPrefix("2450") } }, "the address at Large")
                #expect(!Self.runs(in: peer.output, from: offset).contains { $0.text == "Feng Wong" })
                effective.append(1)
            } else {
                try peer.read(until: { Self.runs(in: $0, from: offset).contains { $0.text == "Feng Wong" } }, "the name at \(name)")
                let run = try #require(Self.runs(in: peer.output, from: offset).first { $0.text == "Feng Wong" })
                effective.append(run.effective)
            }
        }
        for (index, value) in effective.enumerated() {
            let apple = Double(Self.headlinePoints[index]) / 17
            #expect(abs(value - apple) / apple <= 0.10, "\(Self.categories[index]): \(value) vs Apple's \(apple)")
            if index > 0 { #expect(value > effective[index - 1], "\(Self.categories[index]) is bigger than \(Self.categories[index - 1])") }
        }
        peer.send("q")
        #expect(try peer.waitForExit() == 0)
    }

    @Test func aSilentPeerGetsMosaicsAndNoRuns() throws {
        let (peer, home) = try Self.start(.silent, textSize: "AX1")
        defer { try? FileManager.default.removeItem(at: home) }
        try peer.read(until: { bytes in
            guard let end = Self.probeEnd(bytes) else { return false }
            return String(decoding: bytes[end...], as: UTF8.self).contains("Text size: AX1")
        }, "the first frame")
        let drawn = String(decoding: peer.output[(Self.probeEnd(peer.output) ?? 0)...], as: UTF8.self)
        #expect(!drawn.contains("\u{1B}]66;"))
        #expect(!drawn.contains("\u{1B}#3"))
        #expect(drawn.unicodeScalars.contains { (0x2801 ... 0x28FF).contains($0.value) || (0x2596 ... 0x259F).contains($0.value) })
        peer.send("q")
        #expect(try peer.waitForExit() == 0)
    }
}
