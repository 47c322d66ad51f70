import Foundation
import Testing
import Typesetting

@testable import Terminal

@Suite struct GlyphDetectionTests {
    let esc = "\u{1B}"

    @Test func repliesAreParsedWhateverTheyAreMixedWith() {
        let bytes = Array("\(esc)[24;1R\(esc)[24;3R\(esc)[24;5R\(esc)P>|kitty(0.40.1)\(esc)\\\(esc)[0n".utf8)
        let replies = ProbeReplies(parsing: bytes)
        #expect(replies == ProbeReplies(cursorColumns: [1, 3, 5], version: "kitty(0.40.1)", isComplete: true))
        // Cut anywhere, nothing is made up and the end is not claimed.
        for cut in 0 ..< bytes.count {
            let partial = ProbeReplies(parsing: Array(bytes[0 ..< cut]))
            #expect(!partial.isComplete)
            #expect(partial.cursorColumns == Array(replies.cursorColumns.prefix(partial.cursorColumns.count)))
        }
    }

    @Test func synchronizedOutputIsKnownFromDECRPM() {
        // Asked before the closing report.
        #expect(GlyphDetection.identify.hasSuffix("\(esc)[?2026$p\(esc)[5n"))
        for (answer, synchronizes) in [(1, true), (2, true), (0, false), (4, false)] {
            let replies = ProbeReplies(parsing: Array("\(esc)[?62;4c\(esc)[?2026;\(answer)$y\(esc)[0n".utf8))
            #expect(replies.synchronizesOutput == synchronizes, "\(answer)")
            #expect(replies.deviceAttributes == [62, 4] && replies.isComplete)
        }
        // Another mode's answer, or none, says nothing of it.
        #expect(!ProbeReplies(parsing: Array("\(esc)[?2027;2$y\(esc)[0n".utf8)).synchronizesOutput)
        #expect(!ProbeReplies(parsing: Array("\(esc)[0n".utf8)).synchronizesOutput)
    }

    @Test func kittysAnswerMeansScaled() {
        let kitty = ProbeReplies(cursorColumns: [1, 3, 5], isComplete: true)
        #expect(GlyphDetection.choose(environment: [:], replies: kitty) == .scaled)
    }

    @Test func widthWithoutScaleIsNotEnough() {
        // foot moves the cursor for w=2 but does not scale.
        let foot = ProbeReplies(cursorColumns: [1, 3, 3], isComplete: true)
        #expect(GlyphDetection.choose(environment: [:], replies: foot) == .automatic)
        let silent = ProbeReplies(cursorColumns: [1, 1, 1], isComplete: true)
        #expect(GlyphDetection.choose(environment: [:], replies: silent) == .automatic)
    }

    @Test func xtermByNameAndDoubledLineTerminalsByEnvironmentMeanDoubled() {
        let xterm = ProbeReplies(cursorColumns: [1, 1, 1], version: "XTerm(379)", isComplete: true)
        #expect(GlyphDetection.choose(environment: [:], replies: xterm) == .doubled)
        for environment in [["KONSOLE_VERSION": "230804"], ["WT_SESSION": "x"], ["TERM_PROGRAM": "WezTerm"], ["TERM_PROGRAM": "Apple_Terminal"]] {
            #expect(GlyphDetection.choose(environment: environment, replies: nil) == .doubled, "\(environment)")
        }
        #expect(GlyphDetection.choose(environment: ["TERM_PROGRAM": "vscode"], replies: nil) == .automatic)
    }

    @Test func neverInsideTmuxOrScreen() {
        let kitty = ProbeReplies(cursorColumns: [1, 3, 5], version: "XTerm(379)", isComplete: true)
        for environment in [["TMUX": "/tmp/tmux-0/default,1,0"], ["STY": "1.pts"], ["TERM": "screen-256color"], ["TERM": "tmux-256color"]] {
            #expect(GlyphDetection.isMultiplexed(environment))
            #expect(GlyphDetection.choose(environment: environment.merging(["KONSOLE_VERSION": "1"]) { a, _ in a }, replies: kitty) == .automatic)
        }
    }

    @Test func theProbeIsKittysSequenceEndedByAStatusReport() {
        #expect(GlyphDetection.identify.hasPrefix("\(esc)[>0q"))
        // The graphics questions (kitty's, sixel's, the cell size, the colours) before the closing report.
        for question in ["\(esc)_Gi=31,", "\(esc)[c", "\(esc)[16t", "\(esc)]11;?"] {
            #expect(GlyphDetection.identify.contains(question))
            #expect(!GlyphDetection.probe.contains(question))
        }
        #expect(GlyphDetection.identify.hasSuffix("\(esc)[5n"))
        // XTSMGRAPHICS only in the sixel question, asked after DA1 says sixel (kitty logs it as an error).
        #expect(!GlyphDetection.identify.contains("S\(esc)"))
        #expect(GlyphDetection.sixelGraphics == "\(esc)[?1;1;0S\(esc)[?2;1;0S\(esc)[5n")
        #expect(GlyphDetection.probe.hasPrefix("\r\(esc)[6n\(esc)]66;w=2; \(esc)\\\(esc)[6n"))
        #expect(GlyphDetection.probe.hasSuffix("\(esc)[6n\(esc)[5n"))
    }

    /// OSC 66 goes only to a terminal that may draw it: kitty 0.26 and xterm
    /// log or ignore it, and are told apart by XTVERSION first.
    @Test func theScalingProbeIsSentOnlyToTerminalsThatMayDrawIt() {
        #expect(!GlyphDetection.asksAboutScaling(version: "XTerm(379)"))
        #expect(!GlyphDetection.asksAboutScaling(version: "kitty(0.26.5)"))
        #expect(GlyphDetection.asksAboutScaling(version: "kitty(0.40.1)"))
        #expect(GlyphDetection.asksAboutScaling(version: "kitty(1.2)"))
        #expect(GlyphDetection.asksAboutScaling(version: "foot(1.16.2)"))
        #expect(GlyphDetection.asksAboutScaling(version: nil))
    }

    /// mlterm and alacritty draw braille that does not read: half blocks there.
    @Test func terminalsWithoutReadableBrailleGetHalfBlocks() {
        let silent = ProbeReplies(isComplete: true)
        #expect(GlyphDetection.choose(environment: ["MLTERM": "3.9.0"], replies: silent) == .blocks)
        #expect(GlyphDetection.choose(environment: ["TERM": "alacritty"], replies: silent) == .blocks)
        #expect(GlyphDetection.choose(environment: ["ALACRITTY_WINDOW_ID": "1"], replies: silent) == .blocks)
        #expect(GlyphDetection.choose(environment: ["TERM": "rxvt-unicode-256color"], replies: silent) == .automatic)
        #expect(GlyphDetection.choose(environment: ["TMUX": "x", "MLTERM": "3.9.0"], replies: nil) == .automatic)
    }

    /// The status bar and help name the mode in use and the terminal that chose it.
    @Test func theModeIsNamedWithItsTerminal() {
        let xterm = ProbeReplies(version: "XTerm(379)", isComplete: true)
        #expect(GlyphDetection.label(for: .doubled, environment: [:], replies: xterm) == "doubled (xterm)")
        #expect(GlyphDetection.label(for: .automatic, environment: ["TMUX": "x"], replies: nil) == "braille (tmux)")
        #expect(GlyphDetection.label(for: .blocks, environment: ["MLTERM": "3.9.0"], replies: ProbeReplies()) == "blocks (mlterm)")
        #expect(GlyphDetection.label(for: .automatic, environment: [:], replies: nil) == "braille")
    }

    @Test func nothingIsAskedWithoutATerminal() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalProbe.ask(input: ends[0], output: ends[1]) == nil)
    }
}
