import Foundation
import TestSupport
import Testing

/// The real binary in a real terminal: keys in, screens out, terminal restored.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct BrowseEndToEndTests {
    private func statusLine(_ screen: [String]) -> String {
        screen.last(where: { $0.contains("Text size:") }) ?? ""
    }

    @Test func textSizeKeysShipmentAndQuit() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        try tmux.type(try TmuxSession.browseSampleCommand())

        var screen = try tmux.waitFor { self.statusLine($0).contains("Text size: Large") }
        #expect(statusLine(screen).contains("Text size: Large"))
        #expect(screen.contains { $0.contains("Feng Wong") })
        #expect(statusLine(screen).contains("1/52"))

        try tmux.press("+")
        screen = try tmux.waitFor { self.statusLine($0).contains("Text size: xLarge") }
        #expect(statusLine(screen).contains("Text size: xLarge"))

        try tmux.press("+")
        screen = try tmux.waitFor { self.statusLine($0).contains("Text size: xxLarge") }
        #expect(statusLine(screen).contains("Text size: xxLarge"))

        try tmux.press("Down")
        screen = try tmux.waitFor { self.statusLine($0).contains("2/52") }
        #expect(statusLine(screen).contains("2/52"))

        try tmux.press("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("DLV-0002") }
        #expect(screen.first?.contains("Shipment") == true)
        #expect(statusLine(screen).contains("DLV-0002"))
        // At xxLarge the name and the static labels are big glyphs: braille or block mosaics.
        let mosaic = screen.dropFirst().dropLast().joined().unicodeScalars.filter {
            (0x2800 ... 0x28FF).contains($0.value) || (0x2580 ... 0x259F).contains($0.value)
        }
        #expect(mosaic.count > 50, "big glyphs are drawn")

        try tmux.press("Escape")
        screen = try tmux.waitFor { self.statusLine($0).contains("2/52") && $0.first?.contains("Deliveries") == true }
        #expect(screen.first?.contains("Shipment") == false)

        try tmux.press("-")
        screen = try tmux.waitFor { self.statusLine($0).contains("Text size: xLarge") }
        #expect(statusLine(screen).contains("Text size: xLarge"))

        try tmux.press("q")
        screen = try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } && !$0.contains { $0.contains("Text size:") } }
        #expect(screen.contains { $0.hasPrefix("E2E-PROMPT$") }, "the shell prompt is back")
        #expect(!screen.contains { $0.contains("Text size:") }, "the app's screen is gone")

        // The size chosen with + and - is remembered for the next run.
        let settings = try String(contentsOf: tmux.home.appendingPathComponent("config/idelivermobile/settings.json"), encoding: .utf8)
        #expect(settings.contains("xLarge"))
    }

    @Test func aStatusChangeIsSavedAndSurvivesARestart() throws {
        let tmux = try TmuxSession(width: 80, height: 30)
        let statusLine = { (screen: [String]) in screen.first { $0.hasPrefix("  Status") } ?? "" }

        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { $0.contains { $0.contains("Text size: Large") } }
        try tmux.press("Down", "Enter")
        var screen = try tmux.waitFor { statusLine($0).contains("Pending") }
        #expect(statusLine(screen).contains("Pending"))
        try tmux.press("d")
        // Both in one frame, but a capture may fall between its rows: wait for both.
        screen = try tmux.waitFor { statusLine($0).contains("Delivered") && $0.contains { $0.contains("saved as Delivered") } }
        #expect(statusLine(screen).contains("Delivered"))
        #expect(screen.contains { $0.contains("Amelia Hartley: saved as Delivered") })
        try tmux.press("q")
        try tmux.waitFor { $0.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("E2E-PROMPT$") == true }

        // A new run opens the same default store: the change is still there, and undo still works.
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { $0.contains { $0.contains("Text size: Large") } }
        try tmux.press("Down", "Enter")
        screen = try tmux.waitFor { statusLine($0).contains("Delivered") }
        #expect(statusLine(screen).contains("Delivered"), "saved across a restart")
        try tmux.press("u")
        screen = try tmux.waitFor { statusLine($0).contains("Pending") }
        #expect(statusLine(screen).contains("Pending"), "undo after a restart")
        try tmux.press("q")
    }

    @Test func theMouseWheelScrolls() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        var screen = try tmux.waitFor { $0.count > 1 && $0[1].contains("Feng Wong") }
        #expect(screen[1].contains("Feng Wong"))

        // What xterm sends for the wheel (SGR mouse mode): button 65 down, 64 up.
        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "\u{1B}[<65;10;10M")
        screen = try tmux.waitFor { $0.count > 1 && !$0[1].contains("Feng Wong") }
        #expect(!screen[1].contains("Feng Wong"), "the list scrolled down")

        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "\u{1B}[<64;10;10M")
        screen = try tmux.waitFor { $0.count > 1 && $0[1].contains("Feng Wong") }
        #expect(screen[1].contains("Feng Wong"), "and back up")
        try tmux.press("q")
    }

    @Test func resizingRelaysOutAndATinyTerminalSaysSo() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        try tmux.type(try TmuxSession.browseSampleCommand())
        var screen = try tmux.waitFor { self.statusLine($0).contains("Text size: Large") }
        let wide = screen.first { $0.contains("Kingfisher Court") } ?? ""
        #expect(wide.contains("London N1 7GR"), "at 100 columns the address fits on one line")

        // The window shrinks: ncurses reports KEY_RESIZE and the list re-wraps at once.
        try tmux.tmux("resize-window", "-t", tmux.name, "-x", "40", "-y", "20")
        let kingfisher = { (screen: [String]) in screen.first { $0.contains("Kingfisher Court") } ?? "" }
        // Until the new frame: tmux shows the old one cut at 40 columns until then
        // (idle work in a debug build may hold the resize for a slice of it).
        screen = try tmux.waitFor { screen in
            !kingfisher(screen).isEmpty && !kingfisher(screen).contains("London") && screen.contains { $0.contains("London N1 7GR") }
        }
        #expect(screen.filter { !$0.isEmpty }.allSatisfy { $0.count <= 40 })
        #expect(!kingfisher(screen).isEmpty)
        #expect(!kingfisher(screen).contains("London"), "the long address wrapped at 40 columns")
        #expect(screen.contains { $0.contains("London N1 7GR") }, "onto a later line")

        try tmux.tmux("resize-window", "-t", tmux.name, "-x", "12", "-y", "4")
        screen = try tmux.waitFor { $0.contains { $0.contains("Too small") } }
        #expect(screen.contains { $0.contains("Too small") }, "a terminal too small for the list says so")

        try tmux.tmux("resize-window", "-t", tmux.name, "-x", "100", "-y", "30")
        // The frame drawn whole: its rows are written top down, the status line last.
        screen = try tmux.waitFor { $0.contains { $0.contains("London N1 7GR") } && !self.statusLine($0).isEmpty }
        #expect(statusLine(screen).contains("1/52"), "back to the list, same selection")
        try tmux.press("q")
        try tmux.waitFor { $0.contains { $0.hasPrefix("E2E-PROMPT$") } }
    }

    @Test func searchingNarrowsTheListAsYouType() throws {
        let tmux = try TmuxSession(width: 90, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor { self.statusLine($0).contains("1/52") }
        try tmux.press("/")
        try tmux.tmux("send-keys", "-t", tmux.name, "-l", "世田谷")
        // The typed text shows at once, the rows once read ("searching…" until then).
        var screen = try tmux.waitFor { self.statusLine($0).contains("Search: 世田谷") && !self.statusLine($0).contains("searching…") }
        #expect(screen.contains { $0.contains("東京都世田谷区") }, "found in the middle of a run of ideographs")
        #expect(!screen.contains { $0.contains("Feng Wong") })

        // Enter keeps the search; Escape then clears it and keeps the found delivery selected, now third of all 52.
        try tmux.press("Enter")
        try tmux.waitFor { self.statusLine($0).contains("1 found") }
        try tmux.press("Escape")
        // The whole list again, on the delivery the search found (佐藤 花子, the third).
        // It keeps its screen line, so the rows after it are those of the whole list.
        screen = try tmux.waitFor { self.statusLine($0).contains("3/52") && $0.contains { $0.contains("王伟") } }
        #expect(statusLine(screen).contains("3/52"), "Escape clears the search")
        #expect(screen.contains { $0.contains("王伟") }, "the next delivery of the whole list follows")
        try tmux.press("q")
    }

    @Test(arguments: ["TERM", "HUP"])
    func signalRestoresTheTerminal(signal: String) throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand() + "; echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | tr '\\n' ' '; echo")
        try tmux.waitFor { $0.contains { $0.contains("Text size: Large") } }

        let shell = try tmux.tmux("display-message", "-p", "-t", tmux.name, "#{pane_pid}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let app = try ChildProcess.run(["pgrep", "-P", shell]).trimmingCharacters(in: .whitespacesAndNewlines)
        try ChildProcess.run(["kill", "-\(signal)", app])

        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } && $0.contains { $0.contains("icanon echo") } }
        #expect(screen.contains { $0.hasPrefix("exit=") }, "the program ended")
        #expect(screen.contains { $0.contains("icanon echo") }, "echo and canonical input are back on")
        #expect(!screen.contains { $0.contains("Text size:") })
    }
}
