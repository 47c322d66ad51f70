import Input
import Model
import Testing
@testable import Screens

/// Keys for the rows typed while a list the user asked for is being read:
/// they wait for it and act on it, in order, as if it had come at once.
@Suite struct KeysAwaitingListTests {
    private let sample = SampleData.deliveries

    /// The sample's deliveries last first: another order, as a sort's rows come back.
    private var reversed: InMemoryDeliveries {
        InMemoryDeliveries(sample.deliveries.reversed())
    }

    /// The search `commands` ask for.
    private func request(in commands: [Command]) -> SearchRequest? {
        commands.lazy.compactMap { if case .search(let request) = $0 { request } else { nil } }.first
    }

    @Test func endTypedWhileASortIsReadGoesToTheEndOfTheSortedList() throws {
        var state = SampleData.state()
        let sorted = try #require(request(in: state.press(.character("s"))))
        state.press(.end)
        #expect(state.selected == 0, "the old list does not move")
        _ = state.update(.searched(sorted, .success(reversed)))
        #expect(state.selected == sample.count - 1)
    }

    @Test func theTitleNamesTheOrderOfTheRowsShownNotOneStillToComeOrThatCouldNotBeRead() throws {
        var state = SampleData.state()
        let title = { (state: AppState) in state.render().plainTextLines.first ?? "" }
        let sorted = try #require(request(in: state.press(.character("s"))))
        #expect(!title(state).contains("by time window"), "the rows are still in manifest order")
        #expect(state.render().plainTextLines.last?.contains("Sorted by time window") == true)
        // The server away: the rows stay as they were, and so does the title.
        _ = state.update(.searched(sorted, .failure(CommandFailure(reason: "the server is unreachable"))))
        #expect(!title(state).contains("by time window"))
        _ = state.update(.searched(sorted, .success(reversed)))
        #expect(title(state).contains("by time window"))
    }

    @Test func homeAndACountedMoveActOnTheNewListInTheOrderTyped() throws {
        var state = SampleData.state()
        state.press(.down, .down)
        let sorted = try #require(request(in: state.press(.character("s"))))
        state.press(.home, .character("3"), .character("j"))
        _ = state.update(.searched(sorted, .success(reversed)))
        #expect(state.selected == 3)
    }

    @Test func aKeyAfterASecondSortWaitsForThatSortsRowsNotTheFirsts() throws {
        var state = SampleData.state()
        let first = try #require(request(in: state.press(.character("s"))))
        let second = try #require(request(in: state.press(.character("s"))))
        state.press(.end)
        _ = state.update(.searched(first, .success(reversed)))
        #expect(state.selected == 0 && state.isSearching, "the first sort's rows are dropped, and the key still waits")
        _ = state.update(.searched(second, .success(reversed)))
        #expect(state.selected == sample.count - 1)
    }

    @Test func aMoveTypedAfterASearchLetterActsOnItsRows() throws {
        var state = SampleData.state()
        state.press(.character("/"))
        let typed = try #require(request(in: state.press(.character("a"))))
        state.press(.down, .down)
        let found = InMemoryDeliveries(sample.deliveries.filter { $0.name.contains("a") })
        _ = state.update(.searched(typed, .success(found)))
        #expect(state.selected == 2)
        #expect(state.selectedDelivery?.id == found.delivery(at: 2).id)
    }

    @Test func enterTypedAheadOpensTheDeliveryTheNewListSelects() throws {
        var state = SampleData.state()
        let sorted = try #require(request(in: state.press(.character("s"))))
        state.press(.end, .enter)
        _ = state.update(.searched(sorted, .success(reversed)))
        guard case .shipment(let shown, _) = state.route else {
            Issue.record("Enter opened nothing")
            return
        }
        #expect(shown.id == sample.delivery(at: 0).id, "the last row of the list that came")
    }

    @Test func whenTheListCannotBeReadTheKeysActOnTheListKept() throws {
        var state = SampleData.state()
        let sorted = try #require(request(in: state.press(.character("s"))))
        state.press(.end)
        _ = state.update(.searched(sorted, .failure(CommandFailure(reason: "disk I/O error"))))
        #expect(state.selected == sample.count - 1)
        #expect(state.notice == "Could not read the store: disk I/O error")
    }

    @Test func keysForASearchLeftBeforeItsRowsCameAreDropped() throws {
        var state = SampleData.state()
        state.press(.character("/"))
        let typed = try #require(request(in: state.press(.character("a"))))
        state.press(.down, .escape)
        #expect(!state.isSearching)
        _ = state.update(.searched(typed, .success(InMemoryDeliveries([]))))
        let filtered = try #require(request(in: state.press(.character("f"))))
        _ = state.update(.searched(filtered, .success(sample)))
        #expect(state.selected == 0, "the Down meant for the search's rows acts on no list after")
    }

    @Test func withNoListBeingReadKeysActAtOnce() {
        var state = SampleData.state()
        state.press(.end)
        #expect(state.selected == sample.count - 1)
    }
}
