import Canvas
import Foundation
import Testing
import Typesetting
import Model
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
        let lines = state.render().plainTextLines
        let bar = lines.last ?? ""
        // In the bar where it fits beside the size keys, else whole on the line above it.
        let above = lines.dropLast().last ?? ""
        #expect(bar.contains("Feng Wong: saved as Delivered") || above.contains("Feng Wong: saved as Delivered"), "\(lines.suffix(2))")
        #expect(bar.contains("Large"))
        #expect(bar.contains("+/- size"), "\(bar)")
    }

    @Test(arguments: [40, 60, 100])
    func aMessageTooLongForTheBarWrapsOntoLinesAboveItWhole(width: Int) {
        var state = SampleData.state(width: width, height: 14)
        let message = "Nothing here opens links (no xdg-open); the address is a link where the terminal shows them"
        state.notice = message
        let lines = state.render().plainTextLines
        // The lines above the bar, read together, are the whole message.
        let above = lines[..<(lines.count - 1)].suffix(4).map { $0.trimmingCharacters(in: .whitespaces) }
        let joined = above.filter { !$0.isEmpty }.joined(separator: " ").replacingOccurrences(of: "xdg- open", with: "xdg-open")
        #expect(joined.contains(message), "\(width): \(lines.suffix(5))")
        #expect(!lines.joined().contains("…"), "nothing is cut")
        // The bar keeps the size hint and the position.
        #expect(lines.last?.contains("+/- size") == true)
        #expect(lines.last?.contains("1/52") == true)
    }

    /// The team store's refused change and a first run's note, the longest
    /// messages the program makes, read whole at 80×24 and 40×14 on both screens.
    @Test(arguments: [(80, 24), (40, 14)])
    func theLongestMessagesWrapWhole(size: (width: Int, height: Int)) {
        let conflict = ConflictNotice(
            changeID: "c-1", deliveryID: "DLV-0012", mine: .outForDelivery, madeAt: TimeOfDay(hour: 10, minute: 2), madeOffline: true,
            kept: .failed, keptBy: "dispatch", keptAt: TimeOfDay(hour: 10, minute: 5))
        let firstRun = "Showing the sample deliveries; import yours with idelivermobile import FILE"
        for opensShipment in [false, true] {
            var state = SampleData.state(width: size.width, height: size.height, start: StartingView(notice: firstRun))
            if opensShipment { state.press(.enter) } else { #expect(state.statusText.contains(firstRun), "\(size)") }
            _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [conflict])))
            let text = state.statusText
            #expect(text.contains(conflict.sentence), "\(size) \(opensShipment): \(text)")
            let lines = state.render().plainTextLines
            #expect(!lines.joined().contains("…"), "nothing is cut")
            #expect(lines.last?.contains("+/- size") == true)
        }
    }

    @Test func hintsShortenByPriorityKeepingTheSizeKeysLongest() {
        for width in [40, 50, 60, 80, 100] {
            for category in ContentSizeCategory.allCases {
                let line = lastLine(SampleData.state(width: width, height: 14, category: category))
                #expect(line.contains("+/- size"), "\(width), \(category.name): \(line)")
                #expect(line.contains("? help"), "\(width), \(category.name): \(line)")
                #expect(line.contains("1/52"), "\(width): \(line)")
            }
        }
        #expect(lastLine(SampleData.state(width: 80, height: 14)).contains("/ search"))
        #expect(lastLine(SampleData.state(width: 60, height: 14)).contains("q quit"))
        // The arrows, which every list has, are the first to go.
        #expect(!lastLine(SampleData.state(width: 60, height: 14)).contains("↑↓ move"))
    }

    @Test func aCountBeingTypedIsShownUntilAKeyUsesIt() {
        var state = SampleData.state(width: 40, height: 14)
        state.press(.character("1"), .character("0"))
        #expect(state.count == 10, "0 after a digit is part of the count")
        #expect(lastLine(state).contains("count 10"))
        state.press(.character("j"))
        #expect(state.selected == 10)
        #expect(!lastLine(state).contains("count"))
        // Alone, 0 is the size key.
        var larger = SampleData.state(width: 40, height: 14, category: .accessibility1)
        larger.press(.character("0"))
        #expect(larger.category == .large)
        #expect(larger.count == nil)
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
