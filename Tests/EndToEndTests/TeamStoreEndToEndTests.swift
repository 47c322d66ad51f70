import Foundation
import TestSupport
import Testing

/// Issue 14 in the real binary: two browsers in tmux on one PostgreSQL
/// database (a throwaway cluster of their own, since it is stopped and started).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"),
       .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct TeamStoreEndToEndTests {
    /// The status bar, with the lines above it a message too long for it wraps onto.
    private func statusLine(_ screen: [String]) -> String {
        screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(3).joined(separator: " ")
    }

    /// The screen line showing `name`'s row (its badge is on the name's line).
    private func row(_ name: String, _ screen: [String]) -> String? {
        screen.first { $0.contains(name) }
    }

    private func browse(_ url: String) throws -> TmuxSession {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("'\(binary)' --store '\(url)' --text-size Large --now 12:30")
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        return tmux
    }

    /// A new database on `cluster` holding the bundled sample, imported by the binary.
    private func sampleDatabase(in cluster: PostgresCluster) throws -> (database: String, url: String) {
        let database = try cluster.createDatabase()
        let url = cluster.socketURL(database: database)
        let binary = try #require(TmuxSession.binary)
        let sample = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        try ChildProcess.run([binary, "import", sample, "--store", url])
        return (database, url)
    }

    @Test func twoBrowsersSeeEachOthersChangesAndARestartLosesNothing() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let (database, url) = try sampleDatabase(in: cluster)

        let dispatcher = try browse(url)
        let courier = try browse(url)
        // The courier selects Nguyễn Thị Thu Hằng (DLV-0010, pending), with Ελένη Παπαδοπούλου (DLV-0007, pending) on screen above.
        try courier.press("9", "j")
        // The counts are read off the loop: they may follow the rows.
        let before = try courier.waitFor {
            self.statusLine($0).contains("10/52") && self.row("Ελένη", $0) != nil && $0.first?.contains("pending 17") == true
        }
        #expect(row("Ελένη", before)?.contains("○") == true)
        #expect(before.first?.contains("pending 17 · out 22 · delivered 8 · failed 5") == true)

        // The dispatcher marks Ελένη delivered.
        try dispatcher.press("6", "j")
        try dispatcher.waitFor { self.statusLine($0).contains("7/52") }
        try dispatcher.press("Enter")
        try dispatcher.waitFor { self.statusLine($0).contains("DLV-0007") }
        let pressed = Date()
        try dispatcher.press("d")
        _ = try courier.waitFor(every: 0.01) { self.row("Ελένη", $0)?.contains("✓") == true }
        let latency = Date().timeIntervalSince(pressed)
        // The rows and the counts are read by different workers: the counts may come a moment later.
        let after = try courier.waitFor { self.row("Ελένη", $0)?.contains("✓") == true && $0.first?.contains("delivered 9") == true }
        print("Live update: the courier's screen showed the dispatcher's change \(Int(latency * 1000)) ms after the key (issue 14 asks ≤ 1000 ms)")
        try dispatcher.waitFor { self.statusLine($0).contains("Ελένη Παπαδοπούλου: saved as Delivered") }
        // The courier kept its place: the same rows on the same lines, the same selection; only the badge and the counts changed.
        #expect(after.first?.contains("pending 16 · out 22 · delivered 9 · failed 5") == true)
        #expect(statusLine(after).contains("10/52"))
        for (line, (old, new)) in zip(before, after).enumerated() where line > 0 {
            if old.contains("Ελένη") {
                #expect(new == old.replacingOccurrences(of: "○", with: "✓"))
            } else {
                #expect(new == old, "line \(line) of the courier's screen")
            }
        }

        // The server stops in the middle of the session; both say so.
        try dispatcher.press("Escape")
        try dispatcher.waitFor { self.statusLine($0).contains("7/52") }
        try cluster.stop()
        try dispatcher.waitFor { self.statusLine($0).contains("DB offline") }
        try courier.waitFor { self.statusLine($0).contains("DB offline") }

        // The courier sets Nguyễn out for delivery meanwhile: queued, and shown at once.
        try courier.press("Enter")
        try courier.waitFor { self.statusLine($0).contains("DLV-0010") }
        try courier.press("o")
        var screen = try courier.waitFor { self.statusLine($0).contains("1 change queued") }
        #expect(screen.contains { $0.contains("Out for delivery") }, "the Shipment screen shows the queued status")
        try courier.press("Escape")
        screen = try courier.waitFor { self.statusLine($0).contains("10/52") && self.row("Nguyễn", $0) != nil }
        #expect(row("Nguyễn", screen)?.contains("▸") == true)

        // Back: the change is written once, and both screens show it.
        try cluster.start()
        let expected = "pending 15 · out 23 · delivered 9 · failed 5"
        screen = try courier.waitFor { $0.first?.contains(expected) == true }
        #expect(row("Nguyễn", screen)?.contains("▸") == true)
        screen = try dispatcher.waitFor { $0.first?.contains(expected) == true }
        #expect(statusLine(screen).contains("7/52"), "the dispatcher kept its selection through the restart")
        try dispatcher.press("3", "j")
        screen = try dispatcher.waitFor { self.statusLine($0).contains("10/52") && self.row("Nguyễn", $0) != nil }
        #expect(row("Nguyễn", screen)?.contains("▸") == true)
        #expect(try cluster.psql(database, """
            SELECT string_agg(delivery_id || '=' || new_status, ',' ORDER BY sequence) FROM status_change
            """) == "DLV-0007=delivered,DLV-0010=out_for_delivery")
        #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0010'") == "out_for_delivery")

        for browser in [dispatcher, courier] {
            try browser.press("q")
            try browser.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
        }
    }

    @Test func quittingWhileTheServerIsAwayWaitsForItToSaveTheQueuedChange() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let (database, url) = try sampleDatabase(in: cluster)
        let courier = try browse(url)
        try cluster.stop()
        try courier.waitFor { self.statusLine($0).contains("DB offline") }
        // Feng Wong (DLV-0001, out for delivery) marked failed while the server is away, then q.
        try courier.press("Enter")
        try courier.waitFor { self.statusLine($0).contains("DLV-0001") }
        try courier.press("f")
        try courier.waitFor { self.statusLine($0).contains("1 change queued") }
        try courier.press("Escape", "q")
        // The terminal is given back, and the browser says what it waits for, and how to give up.
        let waiting = try courier.waitFor { $0.joined().contains("waiting for it to save the status change made meanwhile") }
        #expect(waiting.joined().contains("(DLV-0001 → Failed)… (Ctrl-C gives up)"))
        #expect(waiting.last { !$0.isEmpty }?.hasPrefix("E2E-PROMPT$") == false, "still running")
        // Back: written once, and the program ends well.
        try cluster.start()
        try courier.waitFor { screen in
            screen.contains { $0.contains("idelivermobile: saved") } && screen.last { !$0.isEmpty } == "E2E-PROMPT$ [exit 0]"
        }
        #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0001'") == "failed")
        #expect(try cluster.psql(database, "SELECT count(*) FROM status_change") == "1")
    }
}
