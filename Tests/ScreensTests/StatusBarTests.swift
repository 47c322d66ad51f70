import Canvas
import Testing
@testable import Screens

/// The status bar keeps messages and shortens hints by priority and width.
@Suite struct StatusBarTests {
    private func lastLine(_ state: AppState) -> String {
        state.render().plainText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last.map(String.init) ?? ""
    }

    @Test(arguments: [40, 60, 80, 100])
    func aMessageIsShownWholeWithTheTextSize(width: Int) {
        var state = SampleData.state(width: width, height: 14)
        state.press(.down, .enter)
        state.notice = "Feng Wong: saved as Delivered"
        let line = lastLine(state)
        #expect(line.contains("Feng Wong: saved as Delivered"), "\(line)")
        #expect(line.contains("Large"))
    }

    @Test func aMessageTooLongForTheBarIsCutWithAnEllipsisNotDropped() {
        var state = SampleData.state(width: 40, height: 14)
        state.notice = String(repeating: "very long message ", count: 5)
        let line = lastLine(state)
        #expect(line.contains("very long"))
        #expect(line.contains("…"))
    }

    @Test func hintsShortenByPriorityKeepingHelpAndQuit() {
        for width in [40, 50, 60, 80, 100] {
            let line = lastLine(SampleData.state(width: width, height: 14))
            #expect(line.contains("? help"), "\(width): \(line)")
            #expect(line.contains("q quit"), "\(width): \(line)")
            #expect(line.contains("1/52"), "\(width): \(line)")
        }
        #expect(lastLine(SampleData.state(width: 80, height: 14)).contains("/ search"))
    }

    @Test func fittingChoosesByPriorityAndKeepsReadingOrder() {
        let hints = [StatusHint("aaaa", priority: 2), StatusHint("bb", priority: 0), StatusHint("cc", priority: 1)]
        #expect(StatusBar.fitting(hints, in: 6).map(\.text) == ["bb", "cc"])
        #expect(StatusBar.fitting(hints, in: 14).map(\.text) == ["aaaa", "bb", "cc"])
        #expect(StatusBar.fitting(hints, in: 1).isEmpty)
    }

    @Test func aMessageStaysUntilTheNextKeyOrItsTimer() {
        var state = SampleData.state()
        state.notice = "first"
        let first = state.noticeSerial
        _ = state.update(.noticeExpired(serial: first - 1))
        #expect(state.notice == "first", "an older timer does not clear a newer message")
        _ = state.update(.noticeExpired(serial: first))
        #expect(state.notice == nil)
        state.notice = "second"
        state.press(.down)
        #expect(state.notice == nil, "the next key clears it")
    }

    @Test func aTextSizeKeyAtTheLimitSaysSo() {
        var state = SampleData.state(category: .accessibility5)
        #expect(state.press(.character("+")).isEmpty)
        #expect(state.notice?.contains("already AX5") == true)
    }

    @Test func theSearchCursorSitsAfterTheTypedText() {
        for width in [40, 80] {
            var state = SampleData.state(width: width, height: 14)
            state.press(.character("/"), .character("a"), .character("b"))
            let frame = state.render()
            let line = lastLine(state)
            let before = line.prefix(frame.cursor?.x ?? 0)
            #expect(before.hasSuffix("Search: ab"), "\(width): \(line)")
        }
    }
}
