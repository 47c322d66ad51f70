import Foundation
import Manifest
import Model
import Testing

/// Every command on a terminal, given a manifest and a store path full of
/// control sequences: nothing from the data reaches the terminal raw. The
/// screens show controls as symbols; so do reports and messages; exports
/// escape them; the clipboard and link targets get none.
@Suite(.serialized, .enabled(if: TmuxSession.binary != nil, "needs the binary make test builds (IDELIVERMOBILE_BIN)"))
struct OutputGateEndToEndTests {
    /// Sets the terminal's title if obeyed.
    static let title = "\u{1B}]0;PWNED\u{07}"
    /// CSI as one C1 character.
    static let c1 = "\u{9B}31m"

    static let hostile = [
        Delivery(
            id: "HX\u{1B}[1m-1", name: "Evil \(title) Name", address: Address(line1: "Addr \(c1) del\u{7F} \u{202E}rtl", line2: "Two\u{1B}[2J"),
            phone: "555\u{1B}[2J0100", text: "07700\u{07}900", status: .pending, items: [Item(name: "Box\u{1B}]8;;x\u{07}", quantity: 1)],
            instructions: "Ring \u{1B}[5m twice", window: "09:00-10:00"),
        Delivery(id: "HX-2", name: "Plain Name", address: Address(line1: "1 Main Street"), status: .outForDelivery, window: "09:00-10:00"),
    ]

    /// Bytes a terminal obeys: ESC, BEL, and the C1 controls (as UTF-8: C2 80–9F).
    static func controls(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x1B || byte == 0x07 { found.append(index) }
            if byte == 0xC2, index + 1 < bytes.count, (0x80 ... 0x9F).contains(bytes[index + 1]) { found.append(index) }
        }
        return found
    }

    /// The data's own sequences, as they would reach a terminal raw.
    static func dataSequences(in bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return ["\u{1B}]0;PWNED", "\u{9B}31m", "\u{1B}[2J0100", "\u{1B}[1m-1", "\u{1B}[5m twice", "\u{1B}]8;;x", "\u{202E}"]
            .filter { text.contains($0) }
    }

    static func environment(home: URL) -> [String] {
        ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
         "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data", "IDELIVERMOBILE_GLYPHS=mosaic"]
    }

    /// Runs one command on a terminal of its own to the end: its exit status and every byte it wrote.
    static func onTerminal(_ arguments: [String], home: URL) throws -> (status: Int32, bytes: [UInt8]) {
        let binary = try #require(TmuxSession.binary)
        let peer = try PtyPeer(arguments: [binary] + arguments, environment: environment(home: home), answers: .silent)
        let status = try peer.waitForExit()
        return (status, peer.output)
    }

    @Test func noCommandLetsTheDataDriveTheTerminal() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("idm-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let manifest = home.appendingPathComponent("hostile\u{1B}]0;PATH\u{07}.json")
        try Data(ManifestWriter.bytes(of: Self.hostile)).write(to: manifest)
        let store = home.appendingPathComponent("s\u{1B}[2J.sqlite").path
        let badManifest = home.appendingPathComponent("bad\u{1B}[2J.json")
        try Data("{\"deliveries\": [{\"id\": \"X\u{1B}]0;ID\u{07}\", \"name\": 5}]}".utf8).write(to: badManifest)

        let commands: [(arguments: [String], status: Int32)] = [
            (["import", manifest.path, "--store", store], 0),
            (["import", manifest.path, "--store", store], 0),
            (["import", badManifest.path, "--store", store], 65),
            (["summary", "--store", store, "--now", "23:59"], 0),
            (["summary", "--format", "json", "--store", store, "--now", "23:59"], 0),
            (["export", "--store", store], 0),
            (["export", "--format", "json", "--store", store], 0),
            (["render", store, "--size", "80x24"], 0),
            (["render", store, "--size", "80x24", "--screen", "shipment", "--select", "0"], 0),
            (["render", manifest.path, "--size", "60x20"], 0),
            (["render", store, "--id", "HX\u{1B}]0;NOPE\u{07}"], 65),
            (["render", home.appendingPathComponent("missing\u{1B}]0;M\u{07}").path], 66),
            (["export", "--store", home.appendingPathComponent("none\u{1B}[2J.sqlite").path], 66),
            (["summary", manifest.path], 0),
            (["summary", "--format", "json", manifest.path, "--now", "23:59"], 0),
            (["export", manifest.path], 0),
            (["export", "--format", "json", "--store", manifest.path], 0),
            (["summary", badManifest.path], 65),
            (["export", badManifest.path], 65),
        ]
        for command in commands {
            let (status, bytes) = try Self.onTerminal(command.arguments, home: home)
            let shown = String(decoding: bytes, as: UTF8.self)
            #expect(status == command.status, "\(command.arguments.debugDescription): \(shown.debugDescription)")
            #expect(Self.controls(in: bytes).isEmpty, "\(command.arguments.debugDescription) wrote controls: \(shown.debugDescription)")
        }
        // What the reports show of the data, as the screens would.
        let summary = try Self.onTerminal(["summary", "--store", store, "--now", "23:59"], home: home)
        #expect(String(decoding: summary.bytes, as: UTF8.self).contains("Evil ␛]0;PWNED␇ Name"))

        // The screens write escape sequences of their own (`--ansi`, browse): none of the data's.
        let ansi = try Self.onTerminal(["render", store, "--ansi", "--screen", "shipment", "--select", "0"], home: home)
        #expect(ansi.status == 0)
        #expect(Self.dataSequences(in: ansi.bytes).isEmpty, "\(Self.dataSequences(in: ansi.bytes))")
    }

    @Test func theClipboardAndLinksGetNoControls() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("idm-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let manifest = home.appendingPathComponent("hostile.json")
        try Data(ManifestWriter.bytes(of: Self.hostile)).write(to: manifest)
        let binary = try #require(TmuxSession.binary)
        let peer = try PtyPeer(arguments: [binary, manifest.path], environment: Self.environment(home: home), answers: .silent)
        func written() -> String { String(decoding: peer.output, as: UTF8.self) }
        try peer.read(until: { String(decoding: $0, as: UTF8.self).contains("Text size") }, "the list")
        peer.send("\r")
        try peer.read(until: { String(decoding: $0, as: UTF8.self).contains("Shipment") }, "the Shipment screen")
        peer.send("y")
        try peer.read(until: { String(decoding: $0, as: UTF8.self).components(separatedBy: "\u{1B}]52;c;").count == 2 }, "the phone copied")
        peer.send("Y")
        try peer.read(until: { String(decoding: $0, as: UTF8.self).components(separatedBy: "\u{1B}]52;c;").count == 3 }, "the address copied")
        peer.send("q")
        #expect(try peer.waitForExit() == 0)

        let copies = written().components(separatedBy: "\u{1B}]52;c;").dropFirst().compactMap { piece in
            piece.split(separator: "\u{07}", maxSplits: 1).first.flatMap { Data(base64Encoded: String($0)) }
        }
        #expect(copies.count == 2)
        for copy in copies {
            let text = String(decoding: copy, as: UTF8.self)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "\(text.debugDescription)")
        }
        #expect(copies.contains { String(decoding: $0, as: UTF8.self).contains("5550100") || String(decoding: $0, as: UTF8.self).contains("555[2J0100") })
        // Link targets (OSC 8) are printable ASCII only.
        for piece in written().components(separatedBy: "\u{1B}]8;;").dropFirst() {
            let target = piece.prefix { $0 != "\u{1B}" }
            #expect(target.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "\(String(target).debugDescription)")
        }
        #expect(Self.dataSequences(in: peer.output).isEmpty, "\(Self.dataSequences(in: peer.output))")
    }
}
