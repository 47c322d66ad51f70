import Foundation
import Manifest
import Model
import TestSupport
import Testing

/// Which store browse shows and what it puts in it: the sample goes only
/// into an empty default store (and says so, once); `--store S` is shown as
/// it is; `render` without a path shows what browse shows.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct StoreChoiceEndToEndTests {
    static let own = [
        Delivery(id: "DLV-0001", name: "Real Customer", address: Address(line1: "1 Real Road"), status: .delivered),
        Delivery(id: "OWN-0002", name: "Second Customer", address: Address(line1: "2 Real Road"), status: .pending),
    ]

    /// Runs the binary with the session's own home (its default store and settings).
    private static func run(_ arguments: [String], home: URL) throws -> ProcessOutcome {
        try ProcessOutcome.of(try #require(TmuxSession.binary), arguments, environment: [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path,
            "XDG_CONFIG_HOME": home.path + "/config", "XDG_DATA_HOME": home.path + "/data",
        ])
    }

    private static func quit(_ tmux: TmuxSession) throws {
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.contains("[exit 0]") } }
    }

    @Test func anExplicitStoreIsBrowsedAsItIsNeverFilled() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        let manifest = tmux.home.appendingPathComponent("own.json")
        try Data(ManifestWriter.bytes(of: Self.own)).write(to: manifest)
        #expect(try Self.run(["import", manifest.path, "--store", tmux.home.path + "/s.sqlite"], home: tmux.home).status == 0)

        try tmux.type("clear; '\(binary)' --store '\(tmux.home.path)/s.sqlite'")
        let screen = try tmux.waitFor { $0.contains { $0.contains("1/2") } }
        #expect(screen.contains { $0.contains("Real Customer") })
        try Self.quit(tmux)
        let exported = try Self.run(["export", "--store", tmux.home.path + "/s.sqlite"], home: tmux.home)
        #expect(exported.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 3, "a header and the two deliveries")
        #expect(exported.output.contains("DLV-0001,Real Customer,1 Real Road,,,,delivered"))
        #expect(!FileManager.default.fileExists(atPath: tmux.home.path + "/data"), "the default store was not touched either")

        // A missing store says how to fill it, and is not made.
        try tmux.type("clear; '\(binary)' --store '\(tmux.home.path)/none.sqlite'")
        let missing = try tmux.waitFor { $0.contains { $0.contains("[exit 66]") } }
        #expect(missing.joined().contains("idelivermobile import FILE --store"), "\(missing.joined(separator: "\n"))")
        #expect(!FileManager.default.fileExists(atPath: tmux.home.path + "/none.sqlite"))

        // An empty one is shown empty, saying how to fill it.
        try Data(#"{"deliveries": []}"#.utf8).write(to: tmux.home.appendingPathComponent("none.json"))
        #expect(try Self.run(["import", tmux.home.path + "/none.json", "--store", tmux.home.path + "/empty.sqlite"], home: tmux.home).status == 0)
        try tmux.type("clear; '\(binary)' --store '\(tmux.home.path)/empty.sqlite'")
        let empty = try tmux.waitFor { $0.contains { $0.contains("This store is empty") } }
        #expect(empty.contains { $0.contains("This store is empty") })
        try Self.quit(tmux)
    }

    @Test func theSampleGoesOnlyIntoAnEmptyDefaultStoreAndSaysSoOnce() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; '\(binary)'")
        var screen = try tmux.waitFor { $0.contains { $0.contains("Showing the sample deliveries") } }
        #expect(screen.contains { $0.contains("Feng Wong") })
        try Self.quit(tmux)
        try tmux.type("clear; '\(binary)'")
        screen = try tmux.waitFor { $0.contains { $0.contains("1/52") } }
        #expect(!screen.contains { $0.contains("Showing the sample") }, "said once")
        try Self.quit(tmux)

        // Your own deliveries in the default store are never joined by the sample.
        let other = try TmuxSession(width: 100, height: 30)
        let manifest = other.home.appendingPathComponent("own.json")
        try Data(ManifestWriter.bytes(of: Self.own)).write(to: manifest)
        #expect(try Self.run(["import", manifest.path], home: other.home).status == 0)
        try other.type("clear; '\(binary)'")
        screen = try other.waitFor { $0.contains { $0.contains("1/2") } }
        #expect(screen.contains { $0.contains("Real Customer") })
        try Self.quit(other)
    }

    @Test func renderShowsTheStoreBrowseShows() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        // A first run: both show the sample.
        let first = try Self.run(["render", "--size", "80x24", "--now", "12:30"], home: tmux.home)
        #expect(first.status == 0 && first.output.contains("pending 17 · out 22 · delivered 8 · failed 5"), "\(first.errors)")
        #expect(!FileManager.default.fileExists(atPath: tmux.home.path + "/data"), "render creates no store")

        try tmux.type("clear; '\(binary)' --now 12:30")
        try tmux.waitFor { $0.contains { $0.contains("Showing the sample deliveries") } }
        try tmux.press("Enter")
        try tmux.waitFor { $0.contains { $0.contains("Shipment") } }
        try tmux.press("d")
        try tmux.waitFor { $0.contains { $0.contains("saved") } }
        try tmux.press("Escape")
        let live = try tmux.waitFor { $0.contains { $0.contains("delivered 9") } }
        try Self.quit(tmux)
        let rendered = try Self.run(["render", "--size", "80x24", "--now", "12:30"], home: tmux.home)
        #expect(rendered.output.contains("pending 17 · out 21 · delivered 9 · failed 5"), "\(rendered.output)")
        #expect(live.contains { $0.contains("pending 17 · out 21 · delivered 9 · failed 5") })
    }
}
