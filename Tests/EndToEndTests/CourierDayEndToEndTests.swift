import Foundation
import Testing

/// Issue 37 in the real binary, as a courier and a dispatcher meet it: a
/// search cancelled, sizes changed, the late view, the cursor, the count,
/// Ctrl-C at 100×30; the Shipment screen's status line, a notice too long
/// for one line, a change that stray keys cannot hide, and each screen's
/// help at 40×14.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct CourierDayEndToEndTests {
    private func statusLine(_ screen: [String]) -> String {
        screen.last(where: { $0.contains("Large") || $0.contains("Text size:") }) ?? ""
    }

    /// Where tmux has the terminal's cursor, and whether it shows it.
    private func cursor(_ tmux: TmuxSession) throws -> (x: Int, y: Int, shown: Bool) {
        let parts = try tmux.tmux("display-message", "-p", "-t", tmux.name, "#{cursor_x} #{cursor_y} #{cursor_flag}")
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 3 else { throw TmuxSession.TimedOut(screen: ["no cursor report"]) }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Whether the help is drawn whole: its frame ends by putting the cursor
    /// on the help's first line (below the box's top edge, two columns in),
    /// which the program leaves while it writes the rows. The program writes
    /// a frame in many pieces; a screen read between two (a loaded machine)
    /// shows rows of the page before.
    private func helpDrawn(_ shown: TmuxSession.Snapshot) -> Bool {
        guard let top = shown.screen.firstIndex(where: { $0.contains("┌─ Keys") }),
              let edge = shown.screen[top].firstIndex(of: "┌") else { return false }
        // Only blanks stand left of the box, one column each.
        let x = shown.screen[top].distance(from: shown.screen[top].startIndex, to: edge)
        return shown.cursor.y == top + 1 && shown.cursor.x == x + 2
    }

    /// The help's text, opened by `?` (its first section `title`) and paged
    /// through to its end. Each page is read once drawn whole: a page read
    /// half drawn, then PageDown, would lose the rest of it.
    private func wholeHelp(_ tmux: TmuxSession, title: String) throws -> String {
        try tmux.press("?")
        var last = try tmux.waitForSnapshot { self.helpDrawn($0) && $0.screen.contains { $0.contains(title) } }.screen
        var text = last.joined(separator: "\n")
        for _ in 0 ..< 20 where !last.contains(where: { $0.contains("─ ↑ more ─") }) {
            try tmux.press("PageDown")
            let page = last
            last = try tmux.waitForSnapshot { self.helpDrawn($0) && $0.screen != page }.screen
            text += "\n" + last.joined(separator: "\n")
        }
        return text
    }

    @Test func aDispatcherAt100x30() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        try tmux.type(try TmuxSession.browseSampleCommand() + " --now 12:30")
        try tmux.waitFor { self.statusLine($0).contains("1/52") && $0.first?.contains("pending 17") == true }
        // The cursor is on the selected name (after the badge), hidden.
        var place = try cursor(tmux)
        #expect((place.x, place.y, place.shown) == (6, 1, false))

        // A count shows while it is typed.
        try tmux.press("3")
        try tmux.waitFor { self.statusLine($0).contains("count 3") }
        try tmux.press("j")
        try tmux.waitFor { self.statusLine($0).contains("4/52") && !self.statusLine($0).contains("count") }
        place = try cursor(tmux)
        #expect(place.y == 13, "the cursor follows the selection")

        // + and - keep the selected delivery where it fits, and a run of them brings it back.
        for size in ["xLarge", "xxLarge", "xxxLarge"] {
            try tmux.press("+")
            try tmux.waitFor { self.statusLine($0).contains("Text size: \(size)") }
            #expect(try cursor(tmux).y <= 13)
        }
        for size in ["xxLarge", "xLarge", "Large"] {
            try tmux.press("-")
            try tmux.waitFor { self.statusLine($0).contains("Text size: \(size) ") }
        }
        #expect(try cursor(tmux).y == 13, "back at Large, back on its line")

        // Esc in a search goes back to where the search started: same delivery, same rows on screen.
        try tmux.press("9", "j")
        let before = try tmux.waitFor { self.statusLine($0).contains("13/52") }
        let line = try cursor(tmux).y
        try tmux.press("/")
        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "hofstr")
        try tmux.waitFor { self.statusLine($0).contains("Search: hofstr") && !self.statusLine($0).contains("searching") }
        try tmux.press("Escape")
        let after = try tmux.waitFor { self.statusLine($0).contains("Search cancelled") }
        #expect(statusLine(after).contains("13/52"))
        let rows = { (screen: [String]) in screen.filter { !$0.contains("Text size:") } }
        #expect(rows(after) == rows(before), "the rows on screen are those of before")
        #expect(try cursor(tmux).y == line)

        // L: the late deliveries, counted in the title; Esc goes back to all of them.
        try tmux.press("L")
        var screen = try tmux.waitFor { $0.first?.contains("late 5 at 12:30") == true }
        #expect(statusLine(screen).contains("/5"))
        try tmux.press("Escape")
        screen = try tmux.waitFor { $0.first?.contains("pending 17") == true }

        // Ctrl-C is an interrupt: the shell hears 130.
        try tmux.press("C-c")
        screen = try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit 130]") } }
        #expect(!screen.contains { $0.contains("Text size:") })
    }

    @Test func aCourierAt40x14() throws {
        let tmux = try TmuxSession(width: 40, height: 14)
        try tmux.type(try TmuxSession.browseSampleCommand() + " --now 12:30 --cursor visible")
        var screen = try tmux.waitFor { self.statusLine($0).contains("1/52") }
        #expect(statusLine(screen).contains("+/- size"), "the size keys are the last hint to go")
        #expect(try cursor(tmux).shown, "--cursor visible shows it")

        // The list's help: its own keys and the badges.
        let help = try wholeHelp(tmux, title: "DELIVERIES")
        #expect(help.contains("only the late") && help.contains("STATUS BADGES") && !help.contains("mark delivered"))
        try tmux.press("Escape")

        // The Shipment screen: the status and the mark keys on its second line, however far it is scrolled.
        try tmux.press("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("DLV-0001") }
        #expect(screen[1].contains("▸ Out for delivery") && screen[1].contains("d✓  f✗  p○  o▸"), "\(screen[1])")
        try tmux.press("G")
        screen = try tmux.waitFor { $0.contains { $0.contains("iPod Touch") } }
        #expect(screen[1].contains("▸ Out for delivery"))

        // A notice too long for the bar wraps onto lines above it, whole.
        try tmux.press("O")
        screen = try tmux.waitFor { $0.contains { $0.contains("terminal shows them") } }
        #expect(screen.contains { $0.contains("Nothing here opens links") })

        // A change is shown on the status line and stays in view through keys typed after it.
        try tmux.press("d")
        screen = try tmux.waitFor { $0.contains { $0.contains("undoes it") } }
        #expect(screen[1].contains("✓ Delivered"))
        #expect(screen.contains { $0.contains("Feng Wong: saved as Delivered") })
        try tmux.press("k", "g")
        screen = try tmux.waitFor { $0.contains { $0.contains("Feng Wong") && !$0.contains("saved") } }
        #expect(screen.contains { $0.contains("undoes it") })

        // The Shipment screen's help: its keys, and not the list's.
        let shipmentHelp = try wholeHelp(tmux, title: "SHIPMENT")
        #expect(shipmentHelp.contains("mark delivered"))
        #expect(!shipmentHelp.contains("filter") && !shipmentHelp.contains("DELIVERIES"))
        try tmux.press("Escape", "q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$ [exit 0]") } }
    }
}
