import Foundation
import TestSupport
import Testing

/// The terminal at its edges, in tmux with the real binary: a stop from
/// outside, a size inherited from another window, terminals without an
/// alternate screen, a paste, and Home/End in the encoding tmux sends.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct TerminalEdgeEndToEndTests {
    private static func isUp(_ screen: [String]) -> Bool { screen.contains { $0.contains("Text size: Large") } }

    private static func trimmed(_ lines: [String]) -> [String] { RenderedScreen.trimmed(lines) }

    private static var data: String { TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path }

    private static func appProcess(in tmux: TmuxSession) throws -> String {
        let shell = try tmux.tmux("display-message", "-p", "-t", tmux.name, "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        return try ChildProcess.run(["pgrep", "-P", shell]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aStopFromOutsideThenFgTakesTheTerminalBackAndRepaints() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; '\(binary)' '\(Self.data)'")
        try tmux.waitFor(Self.isUp)
        try ChildProcess.run(["kill", "-STOP", try Self.appProcess(in: tmux)])
        try tmux.waitFor { $0.contains { $0.contains("Stopped") } }
        try tmux.type("fg")
        let expected = try RenderedScreen.lines([Self.data, "--size", "80x24"])
        var screen = try tmux.waitFor { Self.trimmed($0) == expected }
        #expect(Self.trimmed(screen) == expected, "fg repaints the whole screen")
        // Raw again: a key acts, and nothing is echoed.
        try tmux.press("Down")
        screen = try tmux.waitFor { $0.contains { $0.contains("2/52") } }
        #expect(!screen.contains { $0.contains("^[") })
        try tmux.press("q")
        screen = try tmux.waitFor { $0.contains { $0.contains("[exit 0]") } }
        #expect(screen.contains { $0.contains("[exit 0]") })
    }

    @Test func theSizeComesFromTheTerminalNotAnInheritedEnvironment() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; COLUMNS=300 LINES=120 '\(binary)' '\(Self.data)'")
        let expected = try RenderedScreen.lines([Self.data, "--size", "100x30"])
        let screen = try tmux.waitFor { Self.trimmed($0) == expected }
        #expect(Self.trimmed(screen) == expected)
        try tmux.press("q")
    }

    @Test(arguments: ["linux", "vt100", "xterm-256color"])
    func afterQuittingThePromptIsOnALineOfItsOwn(term: String) throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; TERM=\(term) '\(binary)' '\(Self.data)'")
        try tmux.waitFor { $0.contains { $0.contains("Text size") } }
        try tmux.press("q")
        let screen = try tmux.waitFor { $0.contains { $0.contains("[exit 0]") } }
        let prompt = try #require(screen.lastIndex { $0.contains("[exit 0]") })
        #expect(screen[prompt].hasPrefix("E2E-PROMPT$"), "the prompt starts its own line: \(screen[prompt])")
        if term != "xterm-256color" {
            // No alternate screen: the last frame stays, its status bar whole above the prompt.
            #expect(screen[..<prompt].contains { $0.contains("Text size: Large") && $0.contains("quit") }, "\(screen.joined(separator: "\n"))")
        }
    }

    @Test func aPasteIsSearchTextOrIgnoredNeverKeys() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; '\(binary)' '\(Self.data)'")
        try tmux.waitFor(Self.isUp)
        // tmux brackets a paste (-p) for a program that asked for it (mode 2004).
        try tmux.tmux("set-buffer", "jjdq")
        try tmux.tmux("paste-buffer", "-p", "-t", tmux.name)
        var screen = try tmux.waitFor { $0.contains { $0.contains("Pasted text ignored") } }
        #expect(screen.contains { $0.contains("Pasted text ignored") })
        try tmux.press("Down")
        screen = try tmux.waitFor { $0.contains { $0.contains("2/52") } }
        #expect(screen.contains { $0.contains("2/52") }, "still running, the paste moved nothing")

        try tmux.press("/")
        try tmux.tmux("set-buffer", "Feng\nWong")
        try tmux.tmux("paste-buffer", "-p", "-t", tmux.name)
        screen = try tmux.waitFor { $0.contains { $0.contains("Search: Feng Wong") } && $0.contains { $0.contains("“Feng Wong”") } }
        #expect(screen.contains { $0.contains("Search: Feng Wong") }, "the paste is the search text, its line break a space")
        try tmux.press("Escape", "Escape", "q")
        try tmux.waitFor { $0.contains { $0.contains("[exit 0]") } }
    }

    @Test func homeAndEndWorkInEveryEncodingOnBothScreens() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        let binary = try #require(TmuxSession.binary)
        try tmux.type("clear; '\(binary)' '\(Self.data)'")
        try tmux.waitFor(Self.isUp)
        // tmux sends End and Home as ESC[4~ and ESC[1~ whatever TERM says.
        for (end, home) in [("End", "Home"), ("\u{1B}[8~", "\u{1B}[7~"), ("\u{1B}OF", "\u{1B}OH"), ("\u{1B}[F", "\u{1B}[H")] {
            if end == "End" { try tmux.press(end) } else { try tmux.tmux("send-keys", "-t", tmux.name, "-l", end) }
            try tmux.waitFor { $0.contains { $0.contains("52/52") } }
            if home == "Home" { try tmux.press(home) } else { try tmux.tmux("send-keys", "-t", tmux.name, "-l", home) }
            try tmux.waitFor { $0.contains { $0.contains("1/52") } }
        }
        // On the Shipment screen End scrolls to the bottom rather than going back.
        try tmux.press("Down", "Enter")
        try tmux.waitFor { $0.contains { $0.contains("Shipment") } }
        try tmux.waitFor { $0.contains { $0.contains("Amelia Hartley") } }
        try tmux.press("End")
        let screen = try tmux.waitFor { !$0.contains { $0.contains("Amelia Hartley") } }
        #expect(screen.contains { $0.contains("Shipment") }, "still on the Shipment screen, scrolled to its end")
        try tmux.press("q")
    }
}
