import Foundation
import Testing

/// Issue 12 in the real binary: the status bar's messages, help, keeping
/// the user's place, and the new keys.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct DispatcherEndToEndTests {
    /// The status bar, led by the line above it: a message that would crowd
    /// the size keys out of the bar is drawn there.
    private func statusLine(_ screen: [String]) -> String {
        guard let bar = screen.lastIndex(where: { $0.contains("Large") || $0.contains("Text size:") }) else { return "" }
        return (bar > 0 ? screen[bar - 1] + " " : "") + screen[bar]
    }

    @Test func statusMessagesAreNeverLostAt80Columns() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        // The counts are read off the loop: they may follow the first frame.
        let first = try tmux.waitFor { self.statusLine($0).contains("1/52") && $0.first?.contains("pending 17") == true }
        #expect(first.first?.contains("pending 17 · out 22 · delivered 8 · failed 5") == true)
        try tmux.press("Down", "Enter", "d")
        var screen = try tmux.waitFor { self.statusLine($0).contains("saved as Delivered") }
        #expect(statusLine(screen).contains("Amelia Hartley: saved as Delivered"))
        try tmux.press("Escape")
        screen = try tmux.waitFor { $0.first?.contains("delivered 9") == true }
        #expect(screen.first?.contains("pending 16 · out 22 · delivered 9 · failed 5") == true, "the overview follows the change")
        try tmux.press("Enter")
        try tmux.waitFor { self.statusLine($0).contains("DLV-0002") }
        try tmux.press("d")
        screen = try tmux.waitFor { self.statusLine($0).contains("already Delivered") }
        #expect(statusLine(screen).contains("Amelia Hartley: already Delivered"))
        try tmux.press("u")
        screen = try tmux.waitFor { self.statusLine($0).contains("undone") }
        #expect(statusLine(screen).contains("undone, back to Pending"))
        // A change stays in view through the keys that follow it at once.
        try tmux.press("Escape")
        screen = try tmux.waitFor { $0.first?.contains("pending 17") == true }
        #expect(statusLine(screen).contains("undone, back to Pending"))
        // Once it has been up a while, the next key takes it away and the hints come back.
        screen = try tmux.waitFor(every: 0.5) { screen in
            if self.statusLine(screen).contains("undone") { try? tmux.press("k") }
            return self.statusLine(screen).contains("q quit")
        }
        #expect(statusLine(screen).contains("/ search"))
        try tmux.press("q")
    }

    @Test func lateDeliveriesAreMarkedAgainstTheGivenClock() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand() + " --now 12:30")
        var screen = try tmux.waitFor { self.statusLine($0).contains("1/52") }
        #expect(screen.contains { $0.contains("09:00-12:00 late") }, "Feng Wong's window ended at 12:00")
        #expect(!screen.contains { $0.contains("12:00-15:00 late") })
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
        try tmux.type(try TmuxSession.browseSampleCommand() + " --now 2026-11-23T08:00")
        screen = try tmux.waitFor { self.statusLine($0).contains("1/52") }
        #expect(!screen.contains { $0.contains(" late") }, "nothing has ended by 08:00 on screen")
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
    }

    @Test func helpTogglesAndQClosesItWithoutQuitting() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        try tmux.press("?")
        // Waits for the box's content, not only its title: the terminal may show it half drawn.
        var screen = try tmux.waitFor { $0.contains { $0.contains("next / previous match") } }
        #expect(screen.contains { $0.contains("Keys") })
        try tmux.press("+")
        screen = try tmux.waitFor { self.statusLine($0).contains("xLarge") }
        #expect(screen.contains { $0.contains("Keys") }, "+ acts behind the help, which stays")
        try tmux.press("q")
        screen = try tmux.waitFor { !$0.contains { $0.contains("┌─ Keys") } }
        #expect(statusLine(screen).contains("xLarge"), "q closed the help; the program still runs")
        try tmux.press("?")
        try tmux.waitFor { $0.contains { $0.contains("┌─ Keys") } }
        try tmux.press("?")
        screen = try tmux.waitFor { !$0.contains { $0.contains("┌─ Keys") } }
        #expect(!screen.contains { $0.contains("┌─ Keys") })
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
    }

    @Test func helpScrollsAt40x14() throws {
        let tmux = try TmuxSession(width: 40, height: 14)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        try tmux.press("?")
        var screen = try tmux.waitFor { $0.contains { $0.contains("↓ more") } }
        #expect(screen.contains { $0.contains("move the") })
        for _ in 0 ..< 12 { try tmux.press("PageDown") }
        screen = try tmux.waitFor { $0.contains { $0.contains("─ ↑ more") } }
        #expect(screen.contains { $0.contains("scroll it") }, "the last entry")
        try tmux.press("Escape", "q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("1/52") } }
    }

    @Test func escapeFromSearchAndFilterChangesKeepTheSelectedDelivery() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        // 9j: a count before a motion.
        try tmux.press("9", "j")
        var screen = try tmux.waitFor { self.statusLine($0).contains("10/52") }
        try tmux.press("/")
        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "zürich")
        screen = try tmux.waitFor { self.statusLine($0).contains("Search: zürich") && !self.statusLine($0).contains("searching…") }
        try tmux.press("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("found") }
        #expect(statusLine(screen).contains("1 found"))
        // Esc: the whole list again, on the delivery the search found.
        try tmux.press("Escape")
        screen = try tmux.waitFor { self.statusLine($0).contains("47/52") }
        #expect(statusLine(screen).contains("Search cleared"))
        // A search that finds nothing returns to where it started.
        try tmux.press("/")
        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "qqqq")
        try tmux.waitFor { self.statusLine($0).contains("no matches") }
        try tmux.press("Escape")
        screen = try tmux.waitFor { self.statusLine($0).contains("47/52") }
        #expect(statusLine(screen).contains("47/52"))
        // G goes to the last; f filters to pending and keeps the nearest delivery.
        try tmux.press("G")
        try tmux.waitFor { self.statusLine($0).contains("52/52") }
        try tmux.press("f")
        screen = try tmux.waitFor { self.statusLine($0).contains("Filter: Pending") }
        try tmux.press("Escape")
        // The notice is drawn with the key, the rows when they are read.
        screen = try tmux.waitFor { self.statusLine($0).contains("Filter cleared") && self.statusLine($0).contains("/52") }
        #expect(statusLine(screen).contains("/52"))
        try tmux.press("C-d")
        screen = try tmux.waitFor { !self.statusLine($0).contains("Filter cleared") }
        try tmux.press("g", "C-d")
        screen = try tmux.waitFor { !self.statusLine($0).contains("1/52") }
        #expect(!statusLine(screen).contains(" 1/52"), "Ctrl-D moved the selection")
        try tmux.press("C-l", "q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
    }

    @Test func yCopiesThePhoneThroughOSC52() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        // tmux takes OSC 52 from the programs inside it into its paste buffer.
        try tmux.tmux("set-option", "-s", "set-clipboard", "on", captureOutput: false)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        try tmux.press("Down", "Enter")
        try tmux.waitFor { self.statusLine($0).contains("DLV-0002") }
        #expect(try tmux.capture()[1].contains("o out"), "o is on the status line")
        try tmux.press("y")
        let screen = try tmux.waitFor { self.statusLine($0).contains("Copied the phone") }
        #expect(statusLine(screen).contains("Copied the phone 020 7946 0821"))
        var buffer = ""
        for _ in 0 ..< 100 where buffer.isEmpty {
            buffer = (try? tmux.tmux("show-buffer")) ?? ""
            if buffer.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(buffer == "020 7946 0821")
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
    }
}
