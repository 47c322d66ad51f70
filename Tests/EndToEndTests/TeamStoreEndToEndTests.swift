import Foundation
import TestSupport
import Testing

/// Issue 33's "Done when", in the real binary in tmux: browsers on one team
/// database, each on its own replica (a throwaway cluster of their own, since
/// it is stopped and started).
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

    private func browse(_ url: String, width: Int = 100, environment: String = "") throws -> TmuxSession {
        let tmux = try TmuxSession(width: width, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("\(environment)'\(binary)' --store '\(url)' --text-size Large --now 12:30")
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

    /// Runs `body` with a throwaway hub holding the sample, a proxy to it,
    /// a dispatcher on the hub's socket and a courier through the proxy,
    /// once the courier's link has dropped and it has marked Feng Wong
    /// (DLV-0001, out) failed while the dispatcher marked it delivered.
    /// The link is still down.
    private func withAStaleOfflineChange(
        _ body: (PostgresCluster, String, FaultProxy, TmuxSession, TmuxSession) throws -> Void
    ) throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let (database, url) = try sampleDatabase(in: cluster)
        let proxy = try FaultProxy(targetPort: cluster.port)
        defer { proxy.stop() }
        let dispatcher = try browse(url, width: 200)
        let courier = try browse(
            "postgresql://\(PostgresCluster.user)@127.0.0.1:\(proxy.port)/\(database)?sslmode=disable", width: 200,
            environment: "PGPASSWORD='\(PostgresCluster.password)' ")
        proxy.set(.drop)
        try courier.waitFor { self.statusLine($0).contains("Offline") }
        try courier.press("Enter")
        try courier.waitFor { self.statusLine($0).contains("DLV-0001") }
        try courier.press("f")
        try courier.waitFor { self.statusLine($0).contains("Offline: 1 change saved here") }
        try dispatcher.press("Enter")
        try dispatcher.waitFor { self.statusLine($0).contains("DLV-0001") }
        try dispatcher.press("d")
        try dispatcher.waitFor { self.statusLine($0).contains("saved as Delivered") }
        try body(cluster, database, proxy, dispatcher, courier)
    }

    private func quit(_ browser: TmuxSession) throws -> [String] {
        try browser.press("Escape", "q")
        return try browser.waitForShell()
    }

    @Test func aBrowserWhoseServerIsStoppedKeepsWorkingAndItsChangeArrivesOnceAfterARestart() throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let (database, url) = try sampleDatabase(in: cluster)
        let dispatcher = try browse(url)
        let courier = try browse(url)

        // Live: the dispatcher marks Ελένη (DLV-0007) delivered; the courier's screen shows it.
        try dispatcher.press("6", "j", "Enter")
        try dispatcher.waitFor { self.statusLine($0).contains("DLV-0007") }
        try dispatcher.press("d")
        try courier.waitFor { $0.first?.contains("pending 16 · out 22 · delivered 9 · failed 5") == true }
        try dispatcher.waitFor { self.statusLine($0).contains("Ελένη Παπαδοπούλου: saved as Delivered") }

        // The server stops: the courier keeps scrolling, searching and changing statuses.
        try cluster.stop()
        try courier.waitFor { self.statusLine($0).contains("Offline") }
        try courier.press("G")
        try courier.waitFor { self.statusLine($0).contains("52/52") }
        try courier.press("g", "/")
        for key in ["F", "e", "n", "g"] { try courier.press(key) }
        try courier.press("Enter")
        var screen = try courier.waitFor { self.row("Feng Wong", $0) != nil && self.statusLine($0).contains("1/1") }
        try courier.press("Escape")
        try courier.waitFor { self.statusLine($0).contains("1/52") }
        try courier.press("9", "j", "Enter")
        try courier.waitFor { self.statusLine($0).contains("DLV-0010") }
        try courier.press("o")
        screen = try courier.waitFor { self.statusLine($0).contains("Offline: 1 change saved here, waiting to send") }
        #expect(screen.contains { $0.contains("Out for delivery") }, "the Shipment screen shows the change")
        #expect(!screen.joined().contains("could not be read"))

        // Quitting offline exits at once, saying what waits.
        screen = try quit(courier)
        #expect(screen.joined().contains("1 status change waits in"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") })

        // Still stopped: a command reading the store says it shows the replica's last synced state, and shows it.
        let binary = try #require(TmuxSession.binary)
        try courier.type("clear; '\(binary)' summary --store '\(url)' --now 12:30")
        screen = try courier.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit") } && $0.joined().contains("deliveries in") }
        #expect(screen.joined().contains("showing the replica's last synced state"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") })
        // And the browser started again while the server is away opens its replica, the waiting change on it.
        try courier.type("clear; '\(binary)' --store '\(url)' --text-size Large --now 12:30")
        screen = try courier.waitFor {
            self.statusLine($0).contains("1/52") && self.statusLine($0).contains("Offline: 1 change saved here, waiting to send")
                && $0.first?.contains("pending 15 · out 23 · delivered 9 · failed 5") == true
        }
        #expect(!screen.joined().contains("could not be read"))

        // The server is back: the change reaches it once, and the dispatcher sees it.
        try cluster.start()
        let expected = "pending 15 · out 23 · delivered 9 · failed 5"
        try courier.waitFor { self.statusLine($0).contains("1/52") && !self.statusLine($0).contains("Offline") && $0.first?.contains(expected) == true }
        try dispatcher.press("Escape")
        try dispatcher.waitFor { $0.first?.contains(expected) == true }
        #expect(try cluster.psql(database, "SELECT count(*) FROM status_change WHERE delivery_id = 'DLV-0010'") == "1")
        #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0010'") == "out_for_delivery")
        for browser in [dispatcher, courier] { _ = try quit(browser) }
    }

    @Test func aStaleOfflineChangeIsShownAsAConflictAndUndoNeverTakesBackAnothersChange() throws {
        try withAStaleOfflineChange { cluster, database, proxy, dispatcher, courier in

            // Back: the courier's stale change is refused and shown to it; the newer one stays.
            proxy.set(.pass)
            let conflict = try courier.waitFor { self.statusLine($0).contains("DLV-0001: `r` to apply your Failed, `x` to keep Delivered.") }
            #expect(statusLine(conflict).contains("You marked it offline at"))
            #expect(statusLine(conflict).contains("\(PostgresCluster.user) had marked it Delivered at"))
            #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0001'") == "delivered")
            #expect(try cluster.psql(database, "SELECT outcome FROM status_change WHERE new_status = 'failed'") == "rejected")
            try courier.press("x")
            try courier.waitFor { !self.statusLine($0).contains("apply your Failed") }

            // The courier marks Amelia (DLV-0002) out; the dispatcher, who had marked it first, cannot undo over it.
            try dispatcher.press("Escape", "j", "Enter")
            try dispatcher.waitFor { self.statusLine($0).contains("DLV-0002") }
            try dispatcher.press("f")
            try dispatcher.waitFor { self.statusLine($0).contains("saved as Failed") }
            try courier.press("Escape", "j", "Enter")
            try courier.waitFor { self.statusLine($0).contains("DLV-0002") && $0.contains { $0.contains("Failed") } }
            try courier.press("o")
            try courier.waitFor { self.statusLine($0).contains("saved as Out for delivery") }
            try dispatcher.waitFor { $0.contains { $0.contains("Out for delivery") } }
            try dispatcher.press("u")
            let refused = try dispatcher.waitFor { self.statusLine($0).contains("Not undone") }
            #expect(statusLine(refused).contains("changed DLV-0002 to Out for delivery since"), "\(statusLine(refused))")
            #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0002'") == "out_for_delivery")
            for browser in [dispatcher, courier] { _ = try quit(browser) }
        }
    }

    @Test func rAppliesAStaleChangeAgainOverTheNewerOneAndTheHubLogsBoth() throws {
        try withAStaleOfflineChange { cluster, database, proxy, dispatcher, courier in
            proxy.set(.pass)
            try courier.waitFor { self.statusLine($0).contains("`r` to apply your Failed, `x` to keep Delivered.") }

            // `r`: the courier's Failed is made again, now against Delivered, and goes through.
            try courier.press("r")
            try courier.waitFor { !self.statusLine($0).contains("apply your Failed") && !self.statusLine($0).contains("applying your") }
            let expected = "pending 17 · out 21 · delivered 8 · failed 6"
            try courier.press("Escape")
            try courier.waitFor { $0.first?.contains(expected) == true }
            try dispatcher.press("Escape")
            try dispatcher.waitFor { $0.first?.contains(expected) == true }
            #expect(try cluster.psql(database, "SELECT status FROM delivery WHERE id = 'DLV-0001'") == "failed")
            // The hub's log: the dispatcher's change, the courier's refused one, and the courier's again, applied.
            let log = try cluster.psql(database, """
                SELECT string_agg(old_status || '>' || new_status || ':' || outcome, ' ' ORDER BY sequence)
                FROM status_change WHERE delivery_id = 'DLV-0001'
                """)
            #expect(log == "out_for_delivery>delivered:applied out_for_delivery>failed:rejected delivered>failed:applied", "\(log)")
            let clients = try cluster.psql(database, """
                SELECT count(DISTINCT client) FROM status_change WHERE delivery_id = 'DLV-0001' AND new_status = 'failed'
                """)
            #expect(clients == "1", "both of the courier's changes are logged as its client's")
            // Seen: the conflict is not shown again after a restart.
            _ = try quit(courier)
            try courier.type("clear; PGPASSWORD='\(PostgresCluster.password)' '\(try #require(TmuxSession.binary))' --store "
                             + "'postgresql://\(PostgresCluster.user)@127.0.0.1:\(proxy.port)/\(database)?sslmode=disable' --text-size Large --now 12:30")
            let again = try courier.waitFor { self.statusLine($0).contains("1/52") }
            #expect(!again.joined().contains("apply your Failed"))
            for browser in [dispatcher, courier] { _ = try quit(browser) }
        }
    }
}
