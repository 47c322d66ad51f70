import Foundation
import GRDB
import TestSupport
import Testing

/// Issue 34's reproduction in the real binary: two browsers of one user on
/// one store, each its own author. `u` takes back only the pressing browser's
/// own change, never over the other's newer one, and still works after a restart.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct OwnershipEndToEndTests {
    /// The status bar, with the lines above it a message too long for it wraps onto.
    private static func statusLine(_ screen: [String]) -> String {
        guard let bar = screen.lastIndex(where: { $0.contains("Text size:") }) else { return "" }
        return screen[max(0, bar - 2) ... bar].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// A browser on `store` with the settings folder `config` (shared: one user, two browsers).
    private static func browse(_ tmux: TmuxSession, store: String, config: String) throws {
        let binary = try #require(TmuxSession.binary)
        try tmux.type("XDG_CONFIG_HOME='\(config)' '\(binary)' --store '\(store)' --text-size Large --now 12:30")
        try tmux.waitFor { statusLine($0).contains("1/52") }
    }

    /// The settings folder both browsers share (one user), in the first's home.
    private static func sharedConfig(of first: TmuxSession) -> String {
        first.home.appendingPathComponent("shared-config").path
    }

    /// Two browsers of one user (one settings folder) on one store of the sample deliveries.
    private static func twoBrowsers() throws -> (first: TmuxSession, second: TmuxSession, store: String) {
        let binary = try #require(TmuxSession.binary)
        let first = try TmuxSession(width: 80, height: 24)
        let second = try TmuxSession(width: 80, height: 24)
        let store = first.home.appendingPathComponent("team.sqlite").path
        let config = sharedConfig(of: first)
        let sample = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        try ChildProcess.run([binary, "import", sample, "--store", store], captureOutput: false)
        try browse(first, store: store, config: config)
        try browse(second, store: store, config: config)
        return (first, second, store)
    }

    /// Opens the delivery on row `row` (1-based) from the top of the list.
    private static func open(_ tmux: TmuxSession, row: Int, id: String) throws {
        try tmux.press("g")
        if row > 1 { try tmux.press("\(row - 1)", "j") }
        try tmux.waitFor { statusLine($0).contains("\(row)/52") }
        try tmux.press("Enter")
        try tmux.waitFor { statusLine($0).contains(id) }
    }

    private static func status(_ id: String, in store: String) throws -> String? {
        try DatabaseQueue(path: store).read { db in
            try String.fetchOne(db, sql: "SELECT status FROM delivery WHERE id = ?", arguments: [id])
        }
    }

    /// The user's report: a change from the other browser to the delivery a
    /// browser's notice speaks of rewords that notice at once, with no key,
    /// rather than leaving "saved as Delivered · u undoes it" up until `u` is refused.
    @Test func aNoticeFollowsTheOtherBrowsersChangeToItsDelivery() throws {
        let (first, second, store) = try Self.twoBrowsers()

        try Self.open(first, row: 1, id: "DLV-0001")
        try first.press("d")
        try first.waitFor { Self.statusLine($0).contains("saved as Delivered · u undoes it") }
        try Self.open(second, row: 1, id: "DLV-0001")
        try second.press("f")
        try second.waitFor { Self.statusLine($0).contains("saved as Failed") }
        let told = try first.waitFor { Self.statusLine($0).contains("changed to Failed elsewhere since") }
        #expect(!Self.statusLine(told).contains("u undoes it"), "\(Self.statusLine(told))")
        try first.press("u")
        try first.waitFor { Self.statusLine($0).contains("Not undone") }
        #expect(try Self.status("DLV-0001", in: store) == "failed")

        for browser in [first, second] {
            try browser.press("Escape", "q")
            try browser.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") } }
        }
    }

    @Test func undoIsTheBrowsersOwnAndNeverOverAnothersNewerChange() throws {
        let (first, second, store) = try Self.twoBrowsers()

        // The first marks DLV-0002 (pending) delivered; the second, DLV-0003 (out) failed, later.
        try Self.open(first, row: 2, id: "DLV-0002")
        try first.press("d")
        try first.waitFor { Self.statusLine($0).contains("saved as Delivered") }
        try Self.open(second, row: 3, id: "DLV-0003")
        try second.press("f")
        try second.waitFor { Self.statusLine($0).contains("saved as Failed") }

        // `u` on the first browser's list: its own change goes back, the second's later one stays.
        try first.press("Escape", "u")
        try first.waitFor { Self.statusLine($0).contains("Amelia Hartley: undone, back to Pending") }
        #expect(try Self.status("DLV-0002", in: store) == "pending")
        #expect(try Self.status("DLV-0003", in: store) == "failed")

        // The first now marks DLV-0003 delivered, over the second's change; the second's `u` there is refused.
        try Self.open(first, row: 3, id: "DLV-0003")
        try first.press("d")
        try first.waitFor { Self.statusLine($0).contains("saved as Delivered") }
        try second.press("u")
        let refused = try second.waitFor { Self.statusLine($0).contains("Not undone") }
        #expect(Self.statusLine(refused).contains("in another browser changed DLV-0003"), "\(Self.statusLine(refused))")
        #expect(try Self.status("DLV-0003", in: store) == "delivered")

        // The first browser quits and starts again: `u` still takes back its own last change.
        try first.press("Escape", "q")
        try first.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") } }
        try Self.browse(first, store: store, config: Self.sharedConfig(of: first))
        try first.press("u")
        try first.waitFor { Self.statusLine($0).contains("undone, back to Failed") }
        #expect(try Self.status("DLV-0003", in: store) == "failed")
        try first.press("u")
        try first.waitFor { Self.statusLine($0).contains("Nothing of yours to undo") }

        for browser in [first, second] {
            try browser.press("Escape", "q")
            try browser.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") } }
        }
    }
}
