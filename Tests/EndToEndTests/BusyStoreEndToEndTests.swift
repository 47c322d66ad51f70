import Foundation
import GRDB
import TestSupport
import Testing

/// A status change while another process holds the store's write lock: the
/// screen keeps answering and says "saving…", the change is saved once the
/// lock is free, and quitting first loses nothing. During a long import it
/// is saved at once, before the import ends, and the import keeps it.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct BusyStoreEndToEndTests {
    private static func statusLine(_ screen: [String]) -> String { screen.last { $0.contains("Text size:") } ?? "" }

    /// The Shipment screen's Status row.
    private static func statusRow(_ screen: [String]) -> String { screen.first { $0.hasPrefix("  Status") } ?? "" }

    /// Browses the bundled sample in `tmux` and opens the second delivery
    /// (pending); returns the store the browser writes.
    private static func browseTheSecondShipment(in tmux: TmuxSession) throws -> String {
        try tmux.type(try TmuxSession.browseSampleCommand() + "; echo \"exit=$?\"")
        try tmux.waitFor { statusLine($0).contains("1/52") }
        try tmux.press("Down", "Enter")
        try tmux.waitFor { statusRow($0).contains("Pending") }
        return tmux.home.appendingPathComponent("data/idelivermobile/deliveries.sqlite").path
    }

    /// Holds the write lock of the store at `path` as an import's transaction does, until `release()`.
    final class WriteLock {
        let queue: DatabaseQueue
        init(_ path: String) throws {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            // The point is to keep the transaction open between calls.
            configuration.allowsUnsafeTransactions = true
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") }
        }
        func release() throws { try queue.inDatabase { try $0.execute(sql: "COMMIT") } }
    }

    /// Whether another connection holds the write lock of the store at `path` (a write is under way).
    private static func writeLockIsHeld(_ path: String) throws -> Bool {
        let probe = try DatabaseQueue(path: path)
        defer { try? probe.close() }
        do {
            try probe.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "ROLLBACK")
            }
            return false
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return true
        }
    }

    @Test func aChangeDuringALongImportIsSavedBeforeTheImportEnds() throws {
        let binary = try #require(TmuxSession.binary)
        let tmux = try TmuxSession(width: 100, height: 30)
        let big = tmux.home.appendingPathComponent("big.json").path
        try ChildProcess.run([binary, "generate", "--count", "150000", "--seed", "3", "--out", big], captureOutput: false)
        let store = try Self.browseTheSecondShipment(in: tmux)

        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: binary)
        importer.arguments = ["import", big, "--store", store]
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        defer {
            if importer.isRunning { kill(importer.processIdentifier, SIGKILL) }
            importer.waitUntilExit()
        }
        // Once it is writing (it holds the lock; the bound only keeps a broken build from hanging the run).
        let deadline = Date().addingTimeInterval(120)
        while try !Self.writeLockIsHeld(store), importer.isRunning, Date() < deadline { usleep(20_000) }
        #expect(importer.isRunning)

        try tmux.press("d")
        var screen = try tmux.waitFor { $0.contains { $0.contains("saved as Delivered") } }
        #expect(importer.isRunning, "saved while the import was still running")
        #expect(screen.contains { $0.contains("Amelia Hartley: saved as Delivered") })
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)

        // The import is in, and the change made during it is kept and logged.
        let (count, status, logged) = try DatabaseQueue(path: store).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM delivery"),
             try String.fetchOne(db, sql: "SELECT status FROM delivery WHERE id = 'DLV-0002'"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM status_change WHERE deliveryID = 'DLV-0002' AND newStatus = 'delivered'"))
        }
        #expect(count == 150_052)
        #expect(status == "delivered")
        #expect(logged == 1)
        try tmux.press("q")
        screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
    }

    @Test func aChangeWhileTheStoreIsLockedIsSavedLaterWithoutFreezing() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        let store = try Self.browseTheSecondShipment(in: tmux)
        var lock = try WriteLock(store)
        try tmux.press("d")
        var screen = try tmux.waitFor { Self.statusLine($0).contains("Saving Delivered") }
        #expect(Self.statusLine(screen).contains("Saving Delivered"), "the change is queued and says so")
        try tmux.press("+")
        screen = try tmux.waitFor { Self.statusLine($0).contains("xLarge") }
        #expect(Self.statusLine(screen).contains("xLarge"), "keys still work while the store is locked")
        try tmux.press("0")
        try lock.release()
        screen = try tmux.waitFor { $0.contains { $0.contains("saved as Delivered") } && Self.statusRow($0).contains("Delivered") }
        #expect(screen.contains { $0.contains("Amelia Hartley: saved as Delivered") }, "saved once the lock is free")

        // Quitting while a change waits for the lock: the program saves it before it exits.
        lock = try WriteLock(store)
        try tmux.press("f")
        try tmux.waitFor { Self.statusLine($0).contains("Saving Failed") }
        try tmux.press("q")
        screen = try tmux.waitFor { $0.contains { $0.contains("saving 1 status change") } }
        #expect(screen.contains { $0.contains("saving 1 status change") })
        #expect(!screen.contains { $0.hasPrefix("exit=") }, "still waiting to save")
        try lock.release()
        screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        let saved = try DatabaseQueue(path: store).read {
            try String.fetchOne($0, sql: "SELECT status FROM delivery WHERE id = 'DLV-0002'")
        }
        #expect(saved == "failed", "nothing was dropped on the way out")
    }
}
