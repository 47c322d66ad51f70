import Foundation
import TestSupport
import Testing

/// The real binary under the faults real machines have: signals, job
/// control, a C locale, a missing or useless TERM, NO_COLOR; and the mouse
/// mode it asks the terminal for.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux and the binary make test builds (IDELIVERMOBILE_BIN)"))
struct TerminalFaultTests {
    /// Prints the exit status and whether echo and canonical input are back.
    private static let afterwards = "; echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | tr '\\n' ' '; echo"

    private static func isUp(_ screen: [String]) -> Bool { screen.contains { $0.contains("Text size: Large") } }

    private static func appProcess(in tmux: TmuxSession) throws -> String {
        let shell = try tmux.tmux("display-message", "-p", "-t", tmux.name, "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        return try ChildProcess.run(["pgrep", "-P", shell]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func trimmed(_ lines: [String]) -> [String] { RenderedScreen.trimmed(lines) }

    @Test(arguments: [("INT", 130), ("TERM", 143), ("HUP", 129), ("QUIT", 131), ("USR1", 138)])
    func aSignalRestoresTheTerminalAndExitsWith128PlusIt(signal: String, status: Int) throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand() + Self.afterwards)
        try tmux.waitFor(Self.isUp)
        try ChildProcess.run(["kill", "-\(signal)", try Self.appProcess(in: tmux)])

        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } && $0.contains { $0.contains("icanon echo") } }
        #expect(screen.contains("exit=\(status)"), "SIG\(signal) ends the program with \(status)")
        #expect(screen.contains { $0.contains("icanon echo") }, "echo and canonical input are back on")
        #expect(!screen.contains { $0.contains("Text size:") || $0.contains("Fatal error") || $0.contains("Crash") })
    }

    @Test func sigpipeLeavesTheProgramRunningAndQuitRestores() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand() + Self.afterwards)
        try tmux.waitFor(Self.isUp)
        try ChildProcess.run(["kill", "-PIPE", try Self.appProcess(in: tmux)])
        try tmux.press("Down")
        var screen = try tmux.waitFor { $0.contains { $0.contains("2/52") } }
        #expect(screen.contains { $0.contains("2/52") }, "still running after SIGPIPE")
        try tmux.press("q")
        screen = try tmux.waitFor { $0.contains { $0.contains("icanon echo") } }
        #expect(screen.contains("exit=0"))
        #expect(screen.contains { $0.contains("icanon echo") })
    }

    @Test(arguments: ["ctrl-z", "SIGTSTP"])
    func suspendingGivesTheTerminalBackAndFgRepaintsItWhole(how: String) throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        guard let binary = TmuxSession.binary else { return }
        let data = TmuxSession.repositoryRoot.appendingPathComponent("Data/deliveries.json").path
        try tmux.type("clear; '\(binary)' '\(data)'")
        try tmux.waitFor(Self.isUp)
        if how == "ctrl-z" {
            try tmux.press("C-z")
        } else {
            try ChildProcess.run(["kill", "-TSTP", try Self.appProcess(in: tmux)])
        }
        var screen = try tmux.waitFor { $0.contains { $0.contains("Stopped") } }
        #expect(screen.contains { $0.contains("Stopped") }, "the shell has the terminal")
        try tmux.type("stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | tr '\\n' ' '; echo")
        screen = try tmux.waitFor { $0.contains { $0.contains("icanon echo") } }
        #expect(screen.contains { $0.contains("icanon echo") }, "the terminal is restored while suspended")

        try tmux.type("fg")
        let expected = try RenderedScreen.lines([data, "--size", "80x24"])
        screen = try tmux.waitFor { Self.trimmed($0) == expected }
        #expect(Self.trimmed(screen) == expected, "fg repaints the whole screen")
        try tmux.press("q")
    }

    @Test func aCLocaleStillShowsEveryCharacter() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type("LANG=C LC_ALL=C " + (try TmuxSession.browseSampleCommand()))
        let screen = try tmux.waitFor { Self.isUp($0) && $0.contains { $0.contains("佐藤 花子") } }
        #expect(screen.contains { $0.contains("佐藤 花子") }, "non-ASCII is drawn, not blanked")
        #expect(screen.contains { $0.contains("〒154-0024 東京都世田谷区") })
        try tmux.press("q")
    }

    @Test(arguments: [("env -u TERM", "TERM is not set"), ("TERM=no-such-terminal", "TERM=no-such-terminal is not a terminal type"),
                      ("TERM=dumb", "TERM=dumb cannot move the cursor")])
    func anUnusableTermSaysSoInOneLine(prefix: String, message: String) throws {
        let direct = try TmuxSession(width: 160, height: 24)
        try direct.type("\(prefix) \(try TmuxSession.browseSampleCommand()); echo \"exit=$?\"")
        let shown = try direct.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(shown.contains("exit=78"), "\(shown)")
        let text = shown.joined()
        #expect(text.contains(message) && text.contains("idelivermobile render"), "\(text)")
        #expect(!shown.contains { $0.contains("Error opening terminal") })
        #expect(!FileManager.default.fileExists(atPath: direct.home.appendingPathComponent("data/idelivermobile/deliveries.sqlite").path),
                "no store is created for a browse that cannot start")
    }

    @Test func aFailedFirstBrowseLeavesNoStoreBehind() throws {
        let tmux = try TmuxSession(width: 120, height: 24)
        guard let binary = TmuxSession.binary else { return }
        let bad = tmux.home.appendingPathComponent("bad.json")
        try Data("{\"deliveries\": [{\"id\": \"A\", \"name\": 7}]}".utf8).write(to: bad)
        try tmux.type("'\(binary)' '\(bad.path)'; echo \"exit=$?\"")
        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=65"))
        let store = tmux.home.appendingPathComponent("data/idelivermobile/deliveries.sqlite").path
        for suffix in ["", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: store + suffix), "no deliveries.sqlite\(suffix) left")
        }
    }

    @Test func noColorKeepsBoldAndReverseButNoColour() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type("NO_COLOR=1 " + (try TmuxSession.browseSampleCommand()))
        try tmux.waitFor(Self.isUp)
        let styled = try tmux.tmux("capture-pane", "-e", "-p", "-t", tmux.name)
        let colour = styled.range(of: "\u{1B}\\[[0-9;]*(38;5;[0-9]+|\\b3[0-7])[;m]", options: .regularExpression)
        #expect(colour == nil, "no foreground colour is set")
        #expect(styled.range(of: "\u{1B}\\[[0-9;]*\\b7[;m]", options: .regularExpression) != nil, "reverse video stays")
        #expect(styled.range(of: "\u{1B}\\[[0-9;]*\\b1[;m]", options: .regularExpression) != nil, "bold stays")
        try tmux.press("q")
    }

    @Test func theMouseModeIsButtonsAndWheelInSGR() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.type(try TmuxSession.browseSampleCommand())
        try tmux.waitFor(Self.isUp)
        let flags = try tmux.tmux("display-message", "-p", "-t", tmux.name,
                                  "all=#{mouse_all_flag} sgr=#{mouse_sgr_flag} standard=#{mouse_standard_flag}")
        #expect(flags.contains("all=0"), "no all-motion reporting, so text can be selected")
        #expect(flags.contains("sgr=1"), "SGR (1006) reports")
        #expect(flags.contains("standard=1"), "buttons and the wheel")
        try tmux.press("q")
    }
}
