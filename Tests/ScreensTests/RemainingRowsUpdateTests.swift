import Model
import Synchronization
import Testing
@testable import Screens

/// End (or `nG` past the known rows) on a large search result whose rows are
/// still being learnt off the loop: it waits, saying so, and is applied when `.rowsLearnt` comes; a key
/// in between drops it; an answer for rows no longer shown changes nothing.
@Suite struct RemainingRowsUpdateTests {
    /// Rows that know only their first `known` rows until `learnRemainingRows()`,
    /// like a store's large search result, and note any row read past those.
    final class LearningDeliveries: DeliverySource {
        private let rows: [Delivery]
        private let state: Mutex<(known: Int, readPastKnown: Bool)>
        init(_ rows: [Delivery], known: Int) {
            self.rows = rows
            state = Mutex((known, false))
        }
        var count: Int { rows.count }
        var cheaplyReadableRows: Int { state.withLock { $0.known } }
        var readPastKnown: Bool { state.withLock { $0.readPastKnown } }
        private func note(_ index: Int) { state.withLock { if index >= $0.known { $0.readPastKnown = true } } }
        func delivery(at index: Int) -> Delivery {
            note(index)
            return rows[index]
        }
        func textLengths(at index: Int) -> TextLengths {
            note(index)
            return TextLengths(of: rows[index])
        }
        func learnRemainingRows() throws { state.withLock { $0.known = rows.count } }
    }

    private func searched(_ state: inout AppState) -> (SearchRequest, LearningDeliveries) {
        let many = (0 ..< 48).flatMap { _ in SampleData.deliveries.deliveries }
        state.press(.character("/"))
        let request = SearchRequest(query: "a", status: .all, selection: .firstRow)
        #expect(state.press(.character("a")) == [.search(request)])
        let rows = LearningDeliveries(many, known: 64)
        #expect(state.update(.searched(request, .success(rows))) == [.learnRemainingRows(request)])
        #expect(state.isLearningRows)
        state.press(.enter)
        return (request, rows)
    }

    @Test func endBeforeTheRestArrivesWaitsVisiblyAndIsAppliedWhenItComes() throws {
        var state = SampleData.state(width: 60, height: 14)
        let (request, rows) = searched(&state)
        state.press(.end)
        #expect(state.jumpAwaitingRows == rows.count - 1)
        #expect(state.selected == 0)
        #expect(state.notice == AppState.readingRestNotice)
        #expect(!rows.readPastKnown, "End read no row past the known ones on the loop")
        try rows.learnRemainingRows()
        _ = state.update(.rowsLearnt(request))
        #expect(!state.isLearningRows)
        #expect(state.jumpAwaitingRows == nil)
        #expect(state.selected == rows.count - 1)
        #expect(state.notice == nil)
        // Scrolled to the end: the last row starts on screen.
        let lastTop = state.layout.offset(ofRow: rows.count - 1)
        #expect(lastTop >= state.layout.contentOffset && lastTop < state.layout.contentOffset + state.layout.viewportHeight)
    }

    @Test func aCountedGPastTheKnownRowsWaitsAndOneWithinThemGoesAtOnce() throws {
        var state = SampleData.state(width: 60, height: 14)
        let (request, rows) = searched(&state)
        // 500G: row 499, past the 64 known.
        state.press(.character("5"), .character("0"), .character("0"), .character("G"))
        #expect(state.jumpAwaitingRows == 499)
        #expect(state.selected == 0)
        #expect(state.notice == AppState.readingRestNotice)
        #expect(!rows.readPastKnown, "500G read no row past the known ones on the loop")
        try rows.learnRemainingRows()
        _ = state.update(.rowsLearnt(request))
        #expect(state.jumpAwaitingRows == nil)
        #expect(state.selected == 499)

        // Within the known rows a counted G never waits.
        var other = SampleData.state(width: 60, height: 14)
        let (_, fresh) = searched(&other)
        other.press(.character("4"), .character("0"), .character("G"))
        #expect(other.jumpAwaitingRows == nil)
        #expect(other.selected == 39)
        #expect(!fresh.readPastKnown)
    }

    @Test func aKeyAfterEndDropsItAndAnAnswerForOtherRowsChangesNothing() throws {
        var state = SampleData.state(width: 60, height: 14)
        let (request, rows) = searched(&state)
        state.press(.end, .down)
        #expect(state.jumpAwaitingRows == nil)
        try rows.learnRemainingRows()
        _ = state.update(.rowsLearnt(request))
        #expect(state.selected == 1, "the newer key won")
        #expect(!state.isLearningRows)
        // Learnt already: End now goes at once.
        state.press(.end)
        #expect(state.selected == rows.count - 1)

        let version = state.screenVersion
        _ = state.update(.rowsLearnt(SearchRequest(query: "b", status: .all)))
        #expect(state.screenVersion == version, "not the rows shown: nothing to draw")
    }
}
