import Canvas
import Input
import Testing
import Typesetting
@testable import Screens

/// State + key → new state, without a terminal.
@Suite struct NavigationTests {
    @Test func arrowsMoveTheSelectionAndKeepItOnScreen() {
        var state = SampleData.state(width: 60, height: 12)
        for step in 1 ... 20 {
            state.press(.down)
            #expect(state.selected == step)
            #expect(state.layout.screenLine(ofRow: step) != nil)
        }
        state.press(.up, .character("k"))
        #expect(state.selected == 18)
        state.press(.home)
        #expect(state.selected == 0)
        #expect(state.layout.anchor.row == 0)
    }

    @Test func endShowsTheLastRowsLastLineOnTheLastListLine() {
        var state = SampleData.state(width: 50, height: 16)
        state.press(.end)
        #expect(state.selected == SampleData.deliveries.count - 1)
        let last = state.layout.visibleRows().last
        #expect(last?.row == SampleData.deliveries.count - 1)
        #expect((last?.y ?? 0) + (last?.height ?? 0) == AppState.listHeight(size: state.size))
        state.press(.character("g"))
        #expect(state.selected == 0)
    }

    @Test func pageDownMovesAScreenAndSelectsARowOnIt() {
        var state = SampleData.state(width: 80, height: 24)
        let before = state.layout.contentOffset
        state.press(.pageDown)
        #expect(state.layout.contentOffset == before + AppState.listHeight(size: state.size))
        #expect(state.layout.screenLine(ofRow: state.selected) != nil)
        state.press(.pageUp)
        #expect(state.layout.contentOffset == before)
    }

    @Test func textSizeStepsAreClampedAndSaved() {
        var state = SampleData.state()
        #expect(state.press(.character("+")).first == .saveTextSize(.xLarge))
        #expect(state.press(.character("=")).first == .saveTextSize(.xxLarge))
        for _ in 0 ..< 20 { state.press(.character("+")) }
        #expect(state.category == .accessibility5)
        #expect(state.press(.character("+")).isEmpty)
        state.press(.character("0"))
        #expect(state.category == .large)
        for _ in 0 ..< 20 { state.press(.character("-")) }
        #expect(state.category == .xSmall)
    }

    @Test(arguments: [ContentSizeCategory.xSmall, .large, .xxxLarge, .accessibility2])
    func aTextSizeChangeKeepsTheSelectedDeliveryOnItsScreenLine(from category: ContentSizeCategory) {
        var state = SampleData.state(width: 80, height: 30, category: category)
        state.press(.down, .down, .down)
        let id = state.selectedDelivery?.id
        let line = state.layout.screenLine(ofRow: state.selected)
        state.press(.character("+"))
        #expect(state.selectedDelivery?.id == id)
        let after = state.layout.screenLine(ofRow: state.selected)
        #expect(after != nil, "the selected row stays on screen")
        // It keeps its line unless it had to move up to stay wholly visible.
        if let line, let after {
            let height = state.layout.height(ofRow: state.selected)
            #expect(after == line || after + height <= AppState.listHeight(size: state.size))
        }
    }

    @Test func enterOpensTheShipmentAndEscapeGoesBack() {
        var state = SampleData.state()
        state.press(.down, .enter)
        guard case .shipment(let delivery, _) = state.route else {
            Issue.record("Enter should open the shipment")
            return
        }
        #expect(delivery.id == "DLV-0002")
        #expect(state.press(.character("d")) == [.saveStatus(.setStatus(.delivered, deliveryID: "DLV-0002"))])
        #expect(state.press(.character("u")) == [.saveStatus(.undo(deliveryID: "DLV-0002"))])
        for back in [Key.escape, .backspace, .left] {
            state.press(.enter)
            state.press(back)
            #expect(state.route == .deliveries)
        }
        #expect(state.selected == 1)
    }

    @Test func helpOverlayListsKeysAndEscQuestionMarkAndQCloseIt() {
        var state = SampleData.state()
        state.press(.character("?"))
        let text = state.render().plainText
        #expect(text.contains("Keys"))
        #expect(text.contains("quit"))
        state.press(.character("?"))
        for close in [Key.escape, .character("?"), .character("q")] {
            state.press(.character("?"))
            let isOpen = state.isShowingHelp
            #expect(isOpen)
            #expect(state.press(close).isEmpty, "q closes the help rather than quitting")
            let isClosed = !state.isShowingHelp
            #expect(isClosed)
        }
    }

    @Test func quitAndControlC() {
        var state = SampleData.state()
        #expect(state.press(.character("q")) == [.quit])
        // An interrupt, as shells and fzf take it: the program exits with 128 + SIGINT.
        #expect(state.press(.controlC) == [.quitAfterSignal(2)])
    }

    @Test func searchTypesIntoTheFieldAndEscapeClearsIt() {
        var state = SampleData.state()
        state.press(.character("/"))
        #expect(state.press(.character("q")) == [.search(query: "q", status: .all)])
        #expect(state.press(.character("u")) == [.search(query: "qu", status: .all)])
        #expect(state.render().plainText.contains("Search: qu"))
        #expect(state.press(.backspace) == [.search(query: "q", status: .all)])
        // No search's rows came: the list shown is the whole list still, nothing to read.
        #expect(state.press(.escape).isEmpty)
        #expect(!state.search.isEditing)
        #expect(state.press(.character("f")) == [.search(query: "", status: .pending, keeping: "DLV-0001")])
        #expect(state.press(.character("s")) == [.search(query: "", status: .pending, sort: .window, keeping: "DLV-0001")])
    }

    @Test func resizeRelaysOutAtOnce() {
        var state = SampleData.state(width: 80, height: 24)
        state.press(.down, .down)
        _ = state.update(.resized(Size(width: 40, height: 12)))
        let frame = state.render()
        #expect(frame.width == 40 && frame.height == 12)
        #expect(state.layout.screenLine(ofRow: state.selected) != nil)
    }

    @Test func aClickSelectsTheDeliveryItIsOnAsTheHelpSays() {
        var state = SampleData.state(width: 80, height: 24)
        guard let second = state.layout.visibleRows().first(where: { $0.row == 1 }) else { Issue.record("row 1 on screen"); return }
        // Screen lines count the title bar; the list starts below it.
        state.press(.click(x: 5, y: second.y + 1))
        #expect(state.selected == 1)
        #expect(state.route == .deliveries, "a click selects; Enter opens")
        state.press(.character("?"))
        #expect(state.render().plainTextLines.contains { $0.contains("click") && $0.contains("select the delivery clicked") })
    }

    @Test func theMouseWheelScrolls() {
        var state = SampleData.state(width: 80, height: 24)
        state.press(.wheel(3))
        #expect(state.layout.contentOffset == 3)
        #expect(state.layout.screenLine(ofRow: state.selected) != nil)
    }
}
