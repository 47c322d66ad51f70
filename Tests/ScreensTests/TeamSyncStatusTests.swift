import Model
import Testing
@testable import Screens

/// The team store as the screens show it (issue 33): "saved here, sending…"
/// until the hub has the change, then "saved"; a standing line while the hub
/// is away or changes wait; a refused change shown until its maker looks at it.
@Suite struct TeamSyncStatusTests {
    private let sample = SampleData.deliveries

    private func statusLine(_ state: AppState) -> String { state.render().plainTextLines.last ?? "" }

    /// A team store's browser, its hub `link` as reported, whose change marking
    /// Amelia Hartley delivered was saved in its replica as the fifth change.
    private func ameliaMarkedDelivered(link: SyncReport.Link) -> (AppState, Delivery) {
        var state = SampleData.state(width: 160)
        _ = state.update(.synced(SyncReport(link: link, waiting: 0, conflicts: [], queuedThrough: 4)))
        var amelia = sample.delivery(at: 1)
        amelia.status = .delivered
        let request = StatusRequest.setStatus(.delivered, deliveryID: amelia.id)
        _ = state.update(.statusSaved(request, .success(.changed(deliveryID: amelia.id, status: .delivered, delivery: amelia, queued: 5))))
        return (state, amelia)
    }

    @Test func aChangeIsSavedHereThenSavedOnceTheHubHasIt() {
        var (state, _) = ameliaMarkedDelivered(link: .online)
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, sending…")
        // A report made before the change was queued says nothing about it.
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 4)))
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, sending…")
        _ = state.update(.synced(SyncReport(link: .online, waiting: 1, conflicts: [], queuedThrough: 5, waitingFrom: 5)))
        #expect(statusLine(state).contains("Sending 1 change saved here…"))
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, sending…")
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 5)))
        #expect(state.notice == "Amelia Hartley: saved as Delivered · u undoes it")
        #expect(!statusLine(state).contains("Sending"))
    }

    @Test func aChangeMadeOfflineSaysItWaitsToBeSent() {
        var (state, amelia) = ameliaMarkedDelivered(link: .offline("connection refused"))
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, waiting to send")
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 1, conflicts: [], queuedThrough: 5, waitingFrom: 5)))
        #expect(statusLine(state).contains("Offline: 1 change saved here, waiting to send"))
        #expect(!statusLine(state).contains("sending"))
        amelia.status = .pending
        _ = state.update(.statusSaved(.undo(deliveryID: amelia.id),
                                      .success(.changed(deliveryID: amelia.id, status: .pending, delivery: amelia, queued: 6))))
        #expect(state.notice == "Amelia Hartley: undone here, back to Pending, waiting to send")
    }

    @Test func aChangeBeingSentWhenTheHubGoesAwaySaysItWaitsToBeSent() {
        var (state, _) = ameliaMarkedDelivered(link: .online)
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, sending…")
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 1, conflicts: [], queuedThrough: 5, waitingFrom: 5)))
        #expect(state.notice == "Amelia Hartley: saved here as Delivered, waiting to send")
        #expect(!statusLine(state).contains("sending"))
        // Back: the link's own notice says so, and is not reworded after.
        _ = state.update(.synced(SyncReport(link: .online, waiting: 1, conflicts: [], queuedThrough: 5, waitingFrom: 5)))
        #expect(state.notice == "Connected to the hub again")
        #expect(statusLine(state).contains("Sending 1 change saved here…"))
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 5)))
        #expect(state.notice == "Connected to the hub again")
        #expect(!statusLine(state).contains("Sending"))
    }

    @Test func aLaterNoticeIsNotReworded() {
        var (state, _) = ameliaMarkedDelivered(link: .online)
        _ = state.update(.statusSaved(.undo(deliveryID: nil), .success(.unchanged(nil))))
        let later = state.notice
        #expect(later == "Nothing of yours to undo")
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 1, conflicts: [], queuedThrough: 5, waitingFrom: 5)))
        #expect(state.notice == later)
    }

    @Test func anOfflineHubLeavesAStandingLineThatNoKeyTakesAway() {
        var state = SampleData.state(width: 160)
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 2, conflicts: [], queuedThrough: 2, waitingFrom: 1)))
        #expect(statusLine(state).contains("Offline: 2 changes saved here, waiting to send"))
        state.press(.down, .down)
        #expect(statusLine(state).contains("Offline: 2 changes saved here, waiting to send"))
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 0, conflicts: [], queuedThrough: 2)))
        #expect(statusLine(state).contains("Offline: the last synced state"))
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 2)))
        #expect(!statusLine(state).contains("Offline"))
    }

    @Test func aRefusedChangeIsShownUntilItsMakerAppliesItAgainOrKeepsTheHubs() {
        var state = SampleData.state(width: 240)
        let first = ConflictNotice(
            changeID: "c-1", deliveryID: "DLV-0012", mine: .outForDelivery, madeAt: TimeOfDay(hour: 10, minute: 2), madeOffline: true,
            kept: .failed, keptBy: "dispatch", keptAt: TimeOfDay(hour: 10, minute: 5))
        let second = ConflictNotice(
            changeID: "c-2", deliveryID: "DLV-0003", mine: .delivered, madeAt: TimeOfDay(hour: 10, minute: 7), madeOffline: false,
            kept: .pending, keptBy: nil, keptAt: nil)
        #expect(first.sentence == "DLV-0012: `r` to apply your Out for delivery, `x` to keep Failed. "
                + "You marked it offline at 10:02; dispatch had marked it Failed at 10:05.")
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [first, second])))
        #expect(statusLine(state).contains(first.sentence))
        // Other keys leave it up.
        state.press(.down)
        #expect(statusLine(state).contains(first.sentence))
        #expect(state.press(.character("r")) == [.lookedAtConflict(changeID: "c-1"), .saveStatus(.setStatus(.outForDelivery, deliveryID: "DLV-0012"))])
        #expect(state.shownConflict == second, "the next one")
        // A report from before the engine heard still lists the first: it stays looked at.
        _ = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [first, second])))
        #expect(state.shownConflict == second)
        #expect(statusLine(state).contains("DLV-0003: `r` to apply your Delivered, `x` to keep Pending. You marked it at 10:07; someone had marked it Pending."))
        #expect(state.press(.character("x")) == [.lookedAtConflict(changeID: "c-2")])
        #expect(state.shownConflict == nil)
        #expect(state.press(.character("x")).isEmpty, "x means nothing without a refused change")
    }
}
