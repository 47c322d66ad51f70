import Canvas
import Input
import Model
import Testing
@testable import Screens

/// Esc clears a search by showing again the whole list kept while the
/// search's rows were shown (`ListBeforeSearch`): at once, with no read, and
/// exactly as reading it again would show it; or by reading it again when
/// what was kept may be wrong.
@Suite struct ClearingSearchTests {
    /// The sample's deliveries whose name holds `letter`, as a search's rows.
    private static func found(_ letter: Character) -> InMemoryDeliveries {
        InMemoryDeliveries((0 ..< SampleData.deliveries.count).map(SampleData.deliveries.delivery(at:)).filter {
            $0.name.lowercased().contains(letter)
        })
    }

    /// A state scrolled down the whole list, then showing the rows of a
    /// search for "e" with the third of them selected.
    private static func searching() -> AppState {
        var state = SampleData.state(width: 80, height: 24)
        state.press(.pageDown, .down, .down)
        state.press(.character("/"), .character("e"))
        state.send(.searched(SearchRequest(query: "e", status: .all), .success(found("e"))))
        state.press(.enter, .down, .down)
        return state
    }

    /// The screen Esc leads to when the whole list is read again and laid out anew (the way without a kept list).
    private static func readAgain(_ state: AppState) -> AppState {
        var state = state
        state.listBeforeSearch = nil
        let commands = state.press(.escape)
        guard case .search(let request)? = commands.first else {
            Issue.record("Esc without a kept list reads the list again: \(commands)")
            return state
        }
        state.send(.searched(request, .success(SampleData.deliveries)))
        return state
    }

    @Test func escShowsTheListKeptAtOnceAsReadingItAgainWould() {
        let state = Self.searching()
        let selected = state.selectedDelivery?.id
        #expect(state.listBeforeSearch != nil)
        var cleared = state
        #expect(cleared.press(.escape).isEmpty, "no read: the list was kept")
        #expect(cleared.source.count == SampleData.deliveries.count)
        #expect(cleared.selectedDelivery?.id == selected, "the delivery selected in the results stays selected")
        let fresh = Self.readAgain(state)
        #expect(cleared.render() == fresh.render())
        #expect(cleared.layout.contentOffset == fresh.layout.contentOffset)
    }

    @Test func aTextSizeOrSizeChangedDuringTheSearchIsTheKeptListsToo() {
        var larger = Self.searching()
        larger.press(.character("+"), .character("+"))
        var resized = Self.searching()
        _ = resized.update(.resized(Size(width: 60, height: 30)))
        for state in [larger, resized] {
            var cleared = state
            // The kept list at the new size: its full layout comes from a worker.
            #expect(cleared.send(.key(.escape)).isEmpty)
            #expect(cleared.render() == Self.readAgain(state).render(), "\(state.category) at \(state.size)")
        }
    }

    @Test func aStoreChangeDuringTheSearchDropsTheKeptList() {
        var state = Self.searching()
        #expect(!state.update(.storeChanged).isEmpty)
        #expect(state.listBeforeSearch == nil)
        let commands = state.press(.escape)
        #expect(commands == [.search(query: "", status: .all, keeping: state.selectedDelivery?.id)])
    }

    @Test func aFilterChangedDuringTheSearchReadsTheListAgain() {
        var state = Self.searching()
        state.press(.character("f"))
        #expect(state.search.status == .pending)
        let commands = state.press(.escape)
        #expect(commands == [.search(query: "", status: .pending, keeping: state.selectedDelivery?.id)],
                "the list kept is for every status")
    }
}

/// Esc while typing a search cancels it, as vim's incremental search and fzf
/// do: the list comes back as it was before `/`, on the same delivery and
/// scrolled the same, wherever the search's rows had taken the selection.
@Suite struct CancellingSearchTests {
    /// Scrolled down and on the 10th delivery, then typing "e" with its rows shown (the first selected).
    private static func typing() -> (before: AppState, typing: AppState) {
        var state = SampleData.state(width: 100, height: 30)
        state.press(.pageDown, .character("9"), .character("j"))
        let before = state
        state.press(.character("/"), .character("e"))
        let found = InMemoryDeliveries((0 ..< SampleData.deliveries.count).map(SampleData.deliveries.delivery(at:)).filter {
            $0.name.lowercased().contains("e")
        })
        _ = state.update(.searched(SearchRequest(query: "e", status: .all), .success(found)))
        return (before, state)
    }

    @Test func escWhileTypingGoesBackToTheSelectionAndScrollOfBefore() {
        var (before, state) = Self.typing()
        #expect(state.selected != before.selected, "the search moved the selection")
        #expect(state.press(.escape).isEmpty, "no read: the list was kept")
        #expect(state.selectedDelivery?.id == before.selectedDelivery?.id)
        #expect(state.layout.anchor == before.layout.anchor)
        #expect(state.notice == "Search cancelled")
        #expect(Array(state.render().plainTextLines.dropLast()) == Array(before.render().plainTextLines.dropLast()))
    }

    @Test func escShowsTheTitleCountsOfBeforeEvenOnceTheSearchsCame() {
        var (before, state) = Self.typing()
        _ = state.update(.counted(query: "e", StatusCounts()))
        #expect(state.render().plainTextLines[0] != before.render().plainTextLines[0], "the search's counts")
        state.press(.escape)
        #expect(state.render().plainTextLines[0] == before.render().plainTextLines[0])
        #expect(state.render().plainTextLines[0].contains("pending 17"))
    }

    @Test func erasingEveryLetterGoesBackTooAndKeepsTyping() {
        var (before, state) = Self.typing()
        #expect(state.press(.backspace).isEmpty)
        #expect(state.search.isEditing)
        #expect(state.selectedDelivery?.id == before.selectedDelivery?.id)
        #expect(state.layout.anchor == before.layout.anchor)
    }

    @Test func enterKeepsTheSearchAndItsSelectionThenEscClearsItThere() {
        var (_, state) = Self.typing()
        state.press(.enter, .down)
        let chosen = state.selectedDelivery?.id
        #expect(state.press(.escape).isEmpty)
        #expect(state.selectedDelivery?.id == chosen, "after Enter, Esc keeps the delivery the search led to")
        #expect(state.notice == "Search cleared")
    }

    @Test func escBeforeAnyRowsCameLeavesTheListAsItWas() {
        var state = SampleData.state(width: 100, height: 30)
        state.press(.character("5"), .character("j"))
        let before = state
        state.press(.character("/"), .character("z"), .escape)
        #expect(state.selected == before.selected)
        #expect(state.layout.anchor == before.layout.anchor)
        #expect(!state.isSearching)
    }
}
