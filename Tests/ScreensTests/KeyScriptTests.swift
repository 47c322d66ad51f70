import Input
import Model
import Testing
@testable import Screens

/// Scripts of keys through the pure update: counts, half pages, matches,
/// filters, sort, help and notices.
@Suite struct KeyScriptTests {
    private func keys(_ script: String) -> [Key] {
        script.map { Key.character($0) }
    }

    @Test func countsRepeatMotions() {
        var state = SampleData.state(width: 80, height: 24)
        state.press(keys("5j"))
        #expect(state.selected == 5)
        state.press(.character("3"), .down)
        #expect(state.selected == 8)
        state.press(keys("2k"))
        #expect(state.selected == 6)
        state.press(keys("10G"))
        #expect(state.selected == 9, "10G goes to the tenth row")
        state.press(.character("G"))
        #expect(state.selected == SampleData.deliveries.count - 1, "G alone goes to the last")
        state.press(keys("1G"))
        #expect(state.selected == 0)
        #expect(state.count == nil, "a count is used once")
    }

    @Test func zeroAloneIsTheTextSizeKeyButContinuesACount() {
        var state = SampleData.state(category: .xLarge)
        #expect(state.press(.character("0")).first == .saveTextSize(.large))
        state.press(keys("20j"))
        #expect(state.selected == 20)
        #expect(state.category == .large)
    }

    @Test func halfPagesMoveTheSelectionWithTheList() {
        var state = SampleData.state(width: 80, height: 24)
        state.press(.control("d"))
        #expect(state.selected > 0)
        #expect(state.layout.contentOffset > 0)
        #expect(state.layout.screenLine(ofRow: state.selected) != nil)
        let afterOne = state.selected
        state.press(.control("u"))
        #expect(state.selected < afterOne)
        state.press(.control("u"), .control("u"))
        #expect(state.selected == 0)
        state.press(.control("f"))
        #expect(state.layout.contentOffset == AppState.listHeight(size: state.size))
        state.press(.control("b"))
        #expect(state.layout.contentOffset == 0)
    }

    @Test func nextAndPreviousMatchWrapAndSaySo() {
        var state = SampleData.state()
        state.press(.character("n"))
        #expect(state.notice?.contains("No search") == true)
        state.search.query = "a"
        state.press(.character("n"))
        #expect(state.selected == 1)
        #expect(state.notice == "Match 2 of \(SampleData.deliveries.count)")
        state.press(.character("N"), .character("N"))
        #expect(state.selected == SampleData.deliveries.count - 1)
    }

    @Test func filterCyclesForwardAndBackwardKeepingTheSelection() {
        var state = SampleData.state()
        state.press(.down, .down)
        #expect(state.press(.character("f")) == [.search(query: "", status: .pending, keeping: "DLV-0003")])
        #expect(state.notice == "Filter: Pending")
        #expect(state.press(.character("F"), .character("F")) == [
            .search(query: "", status: .all, keeping: "DLV-0003"), .search(query: "", status: .failed, keeping: "DLV-0003"),
        ])
        #expect(state.press(.escape) == [.search(query: "", status: .all, keeping: "DLV-0003")])
        #expect(state.press(.escape).isEmpty, "nothing left to clear")
    }

    @Test func sortCyclesThroughFourOrders() {
        var state = SampleData.state()
        var seen: [DeliveryOrder] = []
        for _ in 0 ..< 4 {
            state.press(.character("s"))
            seen.append(state.search.sort)
        }
        #expect(seen == [.window, .name, .status, .manifest])
        #expect(state.notice == "Sorted by manifest order")
    }

    @Test func escapeFromSearchKeepsTheFilterAndTheDelivery() {
        var state = SampleData.state()
        state.press(.character("f"), .down)
        state.press(.character("/"), .character("x"))
        let effects = state.press(.escape)
        #expect(effects == [.search(query: "", status: .pending, keeping: state.selectedDelivery?.id)])
        #expect(state.search.status == .pending)
        #expect(!state.search.isEditing)
    }

    @Test func escapeFromASearchThatFoundNothingReturnsWhereItStarted() {
        var state = SampleData.state()
        state.press(.down, .down, .character("/"), .character("z"))
        _ = state.update(.searched(SearchRequest(query: "z", status: .all), .success(InMemoryDeliveries([]))))
        #expect(state.source.count == 0)
        // The whole list, kept while the search was shown: nothing to read again.
        #expect(state.press(.escape).isEmpty)
        #expect(state.source.count == SampleData.deliveries.count)
        #expect(state.selectedDelivery?.id == "DLV-0003")
    }

    @Test func helpStaysOpenWhileOtherKeysActBehindIt() {
        var state = SampleData.state()
        state.press(.character("?"))
        #expect(state.press(.character("+")).first == .saveTextSize(.xLarge))
        #expect(state.isShowingHelp, "+ changes the size behind the help")
        #expect(state.render().plainText.contains("Keys"))
        #expect(state.press(.character("q")).isEmpty)
        #expect(!state.isShowingHelp)
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test func helpScrollsWhenItDoesNotFit() {
        var state = SampleData.state(width: 40, height: 14)
        state.press(.character("?"))
        let first = state.render().plainText
        #expect(first.contains("more"))
        #expect(first.contains("move the"))
        state.press([Key](repeating: .pageDown, count: 20))
        let last = state.render().plainText
        #expect(last.contains("scroll it"), "the last entry can be scrolled to")
        #expect(!last.contains("move the"))
        #expect(state.selected == 0, "scrolling the help leaves the list alone")
    }

    @Test func helpFollowsTheTextSize() {
        var state = SampleData.state(width: 80, height: 24, category: .accessibility3)
        state.press(.character("?"))
        let lines = state.render().plainTextLines
        let mosaic = lines.joined().unicodeScalars.filter { (0x2580 ... 0x259F).contains($0.value) || (0x2800 ... 0x28FF).contains($0.value) }
        #expect(mosaic.count > 50, "big glyphs in the help at AX3")
        #expect(HelpOverlay(state: state).maximumScroll > 0)
    }

    @Test func controlLAsksForARepaint() {
        var state = SampleData.state()
        #expect(state.press(.control("l")) == [.repaint])
    }

    @Test func shipmentStatusKeysStayAndCountsScroll() {
        var state = SampleData.state(width: 40, height: 10)
        state.press(.down, .enter)
        #expect(state.press(.character("f")) == [.saveStatus(.setStatus(.failed, deliveryID: "DLV-0002"))])
        #expect(state.notice == "Saving Failed…")
        state.press(keys("3j"))
        guard case .shipment(_, let scroll) = state.route else { Issue.record("still on the shipment"); return }
        #expect(scroll == 3)
    }
}

@Suite struct ContactKeyTests {
    @Test func yAndCapitalYCopyThePhoneAndTheAddressAndSaySo() {
        var state = SampleData.state()
        state.press(.down, .enter)
        #expect(state.press(.character("y")) == [.copyToClipboard("020 7946 0821")])
        #expect(state.notice?.contains("Copied the phone 020 7946 0821") == true)
        #expect(state.press(.character("Y")) == [.copyToClipboard("Flat 14, Kingfisher Court, Riverside Estate\n38 Wharf Road, Islington, London N1 7GR")])
        #expect(state.notice?.contains("Copied the address") == true)
        let open = state.press(.character("O"))
        #expect(open.count == 1)
        if case .open(let url) = open.first { #expect(url.hasPrefix("https://www.openstreetmap.org/search?query=Flat%2014%2C")) }
    }

    @Test func aDeliveryWithoutAPhoneSaysThereIsNone() {
        var state = SampleData.state()
        let row = (0 ..< SampleData.deliveries.count).first { SampleData.deliveries.delivery(at: $0).phone == nil } ?? 0
        state.place(top: nil, select: row)
        state.press(.enter)
        #expect(state.press(.character("y")).isEmpty)
        #expect(state.notice == "No phone number to copy")
    }

    @Test func phoneAndAddressCellsCarryTheirLinks() {
        var state = SampleData.state(width: 80, height: 24)
        state.press(.down, .enter)
        let frame = state.render()
        let links = Set(frame.cells.compactMap(\.style.link))
        #expect(links.contains("tel:02079460821"))
        #expect(links.contains { $0.hasPrefix("https://www.openstreetmap.org/search?query=") })
        #expect(ContactLinks.telephone("+1 (415) 555-0134") == "tel:+14155550134")
        #expect(ContactLinks.telephone("none") == nil)
        #expect(!ContactLinks.map(Address(line1: "a\u{1B}]b\"c")).contains { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 || $0 == "\"" })
        #expect(frame.plainText.contains("020 7946 0821"), "plain text shows the number as it was")
    }
}

@Suite struct SearchHighlightTests {
    @Test func matchedTextIsUnderlinedInBoldInTheRows() {
        var state = SampleData.state(width: 80, height: 24)
        let hannah = (0 ..< SampleData.deliveries.count).first { SampleData.deliveries.delivery(at: $0).name == "Jürgen Weiß" } ?? 0
        state.replaceSource(InMemoryDeliveries([SampleData.deliveries.delivery(at: hannah)]), selecting: 0)
        state.search.query = "weiss"
        let frame = state.render()
        let lines = frame.plainTextLines
        guard let y = lines.firstIndex(where: { $0.contains("Jürgen Weiß") }),
              let x = lines[y].firstIndex(of: "W").map({ lines[y].distance(from: lines[y].startIndex, to: $0) }) else {
            Issue.record("the row is drawn")
            return
        }
        // Columns and characters agree on this line (all one column wide).
        let marked = (0 ..< frame.width).filter { frame[$0, y].style.underline }
        #expect(marked == Array(x ..< x + 4), "W e i ß: the folded “weiss”")
        #expect(frame[x, y].style.bold)
    }
}
