import Model
import Testing
@testable import Screens

/// Message scripts through `update`: keys, the commands they ask for, the
/// messages a runtime sends back, and the states and commands that follow.
@Suite struct UpdateTests {
    private let sample = SampleData.deliveries

    /// The sample's deliveries that `keep` lets through, as a store's search would return them.
    private func rows(_ keep: (Delivery) -> Bool) -> InMemoryDeliveries {
        InMemoryDeliveries(sample.deliveries.filter(keep))
    }

    @Test func typingASearchAsksForRowsShowsThemAndCountsWhenTypingPauses() {
        var state = SampleData.state()
        state.press(.character("/"))
        let request = SearchRequest(query: "a", status: .all, selection: .firstRow)
        #expect(state.press(.character("a")) == [.search(request)])
        #expect(state.send(.searched(request, .success(rows { $0.name.contains("a") }))).isEmpty)
        #expect(state.source.count == sample.deliveries.filter { $0.name.contains("a") }.count)
        #expect(state.selected == 0)
        // The counts are the whole list's until typing pauses, and the title
        // does not show them beside the search's rows; then they are asked for once.
        let title = { (state: AppState) in state.render().plainTextLines.first ?? "" }
        #expect(title(state).contains("“a”") && !title(state).contains("pending"))
        #expect(state.update(.idle) == [.countStatuses(query: "a")])
        #expect(state.update(.idle).isEmpty)
        let counts = StatusCounts(counting: rows { $0.name.contains("a") }.deliveries)
        _ = state.update(.counted(query: "a", counts))
        #expect(state.overview == counts)
        #expect(title(state).contains("“a” · pending \(counts[.pending])"))
    }

    @Test func rowsAndCountsForASearchTheUserHasLeftAreDropped() {
        var state = SampleData.state()
        state.press(.character("/"), .character("a"), .character("b"))
        let version = state.screenVersion
        let old = SearchRequest(query: "a", status: .all)
        #expect(state.update(.searched(old, .success(InMemoryDeliveries([])))).isEmpty)
        #expect(state.source.count == sample.count, "the rows of “a” never replace the list")
        _ = state.update(.counted(query: "a", StatusCounts()))
        #expect(state.overview != StatusCounts())
        #expect(state.screenVersion == version, "nothing to draw")
    }

    @Test func aFilterKeepsTheSelectedDeliveryWhereTheRowsCanFindIt() {
        var state = SampleData.state()
        state.press(.down, .down)
        let id = "DLV-0003"
        let commands = state.press(.character("f"))
        #expect(commands == [.search(SearchRequest(query: "", status: .pending, selection: .delivery(id: id)))])
        guard case .search(let request) = commands.first else { return }
        let pending = rows { $0.status == .pending || $0.id == id }
        _ = state.update(.searched(request, .success(pending)))
        #expect(state.selectedDelivery?.id == id)
    }

    @Test func aFailedReadSaysSoAndKeepsTheList() {
        var state = SampleData.state()
        guard case .search(let request)? = state.press(.character("f")).first else {
            Issue.record("f asks for no rows")
            return
        }
        _ = state.update(.searched(request, .failure(CommandFailure(reason: "disk I/O error"))))
        #expect(state.notice == "Could not read the store: disk I/O error")
        #expect(state.source.count == sample.count)
        #expect(!state.isSearching)
    }

    @Test func answersThatArriveOutOfOrderShowOnlyTheNewestSearch() {
        var state = SampleData.state()
        state.press(.character("/"))
        let a = SearchRequest(query: "a", status: .all)
        let ab = SearchRequest(query: "ab", status: .all)
        #expect(state.press(.character("a")) == [.search(a)])
        #expect(state.press(.character("b")) == [.search(ab)])
        // The field shows what was typed before any rows come, and says they are on their way.
        #expect(state.search.query == "ab")
        #expect(state.isSearching)
        #expect(state.render().plainTextLines.last?.contains("searching…") == true)

        let abRows = rows { $0.name.localizedCaseInsensitiveContains("ab") }
        #expect(state.send(.searched(ab, .success(abRows))).isEmpty)
        #expect(state.source.count == abRows.count)
        #expect(!state.isSearching)
        let version = state.screenVersion
        // The older search's rows, and its failure, come last: neither replaces the newer rows.
        #expect(state.update(.searched(a, .success(rows { $0.name.contains("a") }))).isEmpty)
        #expect(state.update(.searched(a, .failure(CommandFailure(reason: "interrupted")))).isEmpty)
        #expect(state.source.count == abRows.count)
        #expect(state.notice == nil)
        #expect(!state.isSearching)
        #expect(state.screenVersion == version, "nothing to draw")
    }

    @Test func enterBeforeTheRowsComeSaysWhatTheyFoundWhenTheyCome() {
        var state = SampleData.state()
        state.press(.character("/"), .character("a"))
        state.press(.enter)
        #expect(state.notice == nil, "the count shown would be the old list's")
        let found = rows { $0.name.contains("a") }
        _ = state.update(.searched(SearchRequest(query: "a", status: .all), .success(found)))
        #expect(state.notice == "\(found.count) found: n/N next/previous")
    }

    @Test func aStatusChangeIsSavedInTheBackgroundThenShownEverywhere() {
        var state = SampleData.state()
        state.press(.down, .enter)
        let request = StatusRequest.setStatus(.delivered, deliveryID: "DLV-0002")
        let commands = state.update(.key(.character("d")))
        #expect(commands == [.saveStatus(request), .startNoticeTimer(serial: state.noticeSerial)])
        #expect(state.notice == "Saving Delivered…")

        // The store is locked by an import: said once, and no timer takes it away.
        #expect(state.update(.storeBusy).isEmpty)
        #expect(state.notice == "Saving Delivered… (the store is busy)")
        let version = state.screenVersion
        #expect(state.update(.storeBusy).isEmpty)
        #expect(state.screenVersion == version)

        var saved = sample.delivery(at: 1)
        saved.status = .delivered
        let reread = state.update(.statusSaved(request, .success(.changed(deliveryID: saved.id, status: .delivered, delivery: saved))))
        // The change's notice has a timer: until it runs, keys do not take it away.
        #expect(reread == [.search(SearchRequest(query: "", status: .all, selection: .sameIndex)), .countStatuses(query: ""),
                           .startNoticeTimer(serial: state.noticeSerial)])
        #expect(state.notice == "Amelia Hartley: saved as Delivered · u undoes it")
        guard case .shipment(let shown, _) = state.route else { Issue.record("still on the shipment"); return }
        #expect(shown.status == .delivered)
        #expect(state.render().plainTextLines.contains { $0.contains("Delivered") })
    }

    @Test func aSavedChangeStaysUpThroughStrayKeysUntilItsTimerHasRun() {
        var state = SampleData.state()
        state.press(.down, .enter)
        var saved = sample.delivery(at: 1)
        saved.status = .outForDelivery
        let request = StatusRequest.setStatus(.outForDelivery, deliveryID: saved.id)
        _ = state.update(.statusSaved(request, .success(.changed(deliveryID: saved.id, status: .outForDelivery, delivery: saved))))
        let serial = state.noticeSerial
        // The rest of a paste: keys that say nothing of their own leave the change in view.
        state.press(.character("j"), .character("k"), .escape, .character("l"))
        #expect(state.notice == "Amelia Hartley: saved as Out for delivery · u undoes it")
        // Read long enough: it stays until the next key, then goes.
        _ = state.update(.noticeExpired(serial: serial))
        #expect(state.notice != nil)
        state.press(.character("j"))
        #expect(state.notice == nil)
        // An undo is a change too, made from either screen.
        _ = state.update(.key(.escape))
        #expect(state.press(.character("u")) == [.saveStatus(.undo(deliveryID: nil))])
        #expect(state.notice == "Undoing…")
        saved.status = .pending
        _ = state.update(.statusSaved(.undo(deliveryID: nil), .success(.changed(deliveryID: saved.id, status: .pending, delivery: saved))))
        state.press(.character("k"))
        #expect(state.notice == "Amelia Hartley: undone, back to Pending")
    }

    @Test func savesThatChangeNothingOrFailSaySo() {
        var state = SampleData.state()
        let amelia = sample.delivery(at: 1)
        _ = state.update(.statusSaved(.setStatus(amelia.status, deliveryID: amelia.id), .success(.unchanged(amelia))))
        #expect(state.notice == "Amelia Hartley: already \(amelia.status.title)")
        _ = state.update(.statusSaved(.undo(deliveryID: nil), .success(.unchanged(nil))))
        #expect(state.notice == "Nothing of yours to undo")
        _ = state.update(.statusSaved(.undo(deliveryID: amelia.id), .success(.unchanged(nil))))
        #expect(state.notice == "Nothing of yours to undo on this delivery")
        _ = state.update(.statusSaved(.undo(deliveryID: nil), .success(.refused(reason: "bob changed DLV-0002 to Failed since"))))
        #expect(state.notice == "Not undone: bob changed DLV-0002 to Failed since")
        _ = state.update(.statusSaved(.undo(deliveryID: nil), .failure(CommandFailure(reason: "the store is read-only"))))
        #expect(state.notice == "Could not save: the store is read-only")
        let undone = state.update(.statusSaved(.undo(deliveryID: nil), .success(.changed(deliveryID: amelia.id, status: .pending, delivery: amelia))))
        #expect(state.notice == "Amelia Hartley: undone, back to Pending")
        #expect(undone.contains(.countStatuses(query: "")))
    }

    @Test func aKeysNoticeGetsATimerAndOnlyItsOwnExpiryClearsIt() {
        var state = SampleData.state()
        let commands = state.update(.key(.control("l")))
        let serial = state.noticeSerial
        #expect(commands == [.repaint, .startNoticeTimer(serial: serial)])
        _ = state.update(.key(.character("s")))
        #expect(state.notice == "Sorted by time window")
        _ = state.update(.noticeExpired(serial: serial))
        #expect(state.notice == "Sorted by time window", "the first notice's timer does not clear the second")
        _ = state.update(.noticeExpired(serial: state.noticeSerial))
        #expect(state.notice == nil)
        #expect(!state.update(.key(.down)).contains { if case .startNoticeTimer = $0 { true } else { false } }, "no notice, no timer")
    }

    @Test func theLinkToTheHubIsReportedUntilItChanges() {
        var state = SampleData.state()
        let offline = SyncReport(link: .offline("connection refused"), waiting: 0, conflicts: [])
        #expect(state.update(.synced(offline)).isEmpty)
        #expect(state.statusMessage == "Offline: the last synced state")
        // Keys, notices and their timers come and go; the link's state stays in front of them.
        state.press(.down)
        #expect(state.statusMessage == "Offline: the last synced state")
        state.press(.character("s"))
        #expect(state.statusMessage == "Offline: the last synced state · Sorted by time window")
        _ = state.update(.noticeExpired(serial: state.noticeSerial))
        #expect(state.statusMessage == "Offline: the last synced state")
        _ = state.update(.synced(SyncReport(link: .offline("connection refused"), waiting: 1, conflicts: [], queuedThrough: 1, waitingFrom: 1)))
        #expect(state.statusMessage == "Offline: 1 change saved here, waiting to send")
        // Back: said once, and gone with the next key or its timer like any notice.
        let back = state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 1)))
        #expect(state.statusMessage == "Connected to the hub again")
        #expect(back == [.startNoticeTimer(serial: state.noticeSerial)])
        state.press(.down)
        #expect(state.statusMessage == nil)
        // Nothing to say when the link was never away.
        #expect(state.update(.synced(SyncReport(link: .online, waiting: 0, conflicts: [], queuedThrough: 1))).isEmpty && state.statusMessage == nil)
    }

    @Test func anotherInstancesChangeRereadsTheListTheCountsAndTheOpenDelivery() {
        var state = SampleData.state()
        state.press(.down, .enter)
        #expect(state.update(.storeChanged) == [
            .search(SearchRequest(query: "", status: .all, selection: .sameIndex)), .countStatuses(query: ""), .readDelivery(id: "DLV-0002"),
        ])
        var changed = sample.delivery(at: 1)
        changed.status = .failed
        _ = state.update(.deliveryRead(changed))
        guard case .shipment(let shown, _) = state.route else { Issue.record("still on the shipment"); return }
        #expect(shown.status == .failed)
    }

    @Test func aChangeFromElsewhereToTheDeliveryANoticeSpeaksOfRewordsIt() {
        var state = SampleData.state()
        var saved = sample.delivery(at: 1)
        saved.status = .delivered
        let request = StatusRequest.setStatus(.delivered, deliveryID: saved.id)
        _ = state.update(.statusSaved(request, .success(.changed(deliveryID: saved.id, status: .delivered, delivery: saved))))
        #expect(state.notice == "Amelia Hartley: saved as Delivered · u undoes it")
        // Another browser's change: the delivery the notice speaks of is read again with the list.
        #expect(state.update(.storeChanged) == [
            .search(SearchRequest(query: "", status: .all, selection: .sameIndex)), .countStatuses(query: ""), .readDelivery(id: saved.id),
        ])
        // Still as the notice says: it stands.
        _ = state.update(.deliveryRead(saved))
        #expect(state.notice == "Amelia Hartley: saved as Delivered · u undoes it")
        var failed = saved
        failed.status = .failed
        _ = state.update(.storeChanged)
        _ = state.update(.deliveryRead(failed))
        #expect(state.notice == "Amelia Hartley: changed to Failed elsewhere since · u no longer undoes yours")
        #expect(state.render().plainTextLines.contains { $0.contains("changed to Failed elsewhere") })
        // Once said, it is about nothing more: a later change reads no delivery for it.
        #expect(!state.update(.storeChanged).contains(.readDelivery(id: saved.id)))
        // A later notice is not about that delivery, whatever the store says of it.
        _ = state.update(.statusSaved(request, .success(.changed(deliveryID: saved.id, status: .delivered, delivery: saved))))
        state.press(.character("s"))
        #expect(!state.update(.storeChanged).contains(.readDelivery(id: saved.id)))
        _ = state.update(.deliveryRead(failed))
        #expect(state.notice == "Sorted by time window")
    }

    @Test func signalsAndTheTerminalGoingAwayEndOrSuspend() {
        var state = SampleData.state()
        state.notice = "kept"
        #expect(state.update(.key(.control("z"))) == [.suspend])
        #expect(state.notice == "kept", "back from a suspension the screen is as it was left")
        #expect(state.update(.suspendRequested) == [.suspend])
        #expect(state.update(.terminated(signal: 15)) == [.quitAfterSignal(15)])
        #expect(state.update(.inputClosed) == [.quit])
        let version = state.screenVersion
        _ = state.update(.resized(state.size))
        #expect(state.screenVersion != version, "back from a suspension at the same size the screen is drawn again")
    }

    @Test func theClockMarksLateDeliveriesAndTheSameTimeDrawsNothing() {
        var state = SampleData.state()
        let noon = TimeOfDay(minutesSinceMidnight: 12 * 60 + 30)
        _ = state.update(.clock(noon))
        #expect(state.now == noon)
        let version = state.screenVersion
        _ = state.update(.clock(noon))
        #expect(state.screenVersion == version)
    }

    @Test func commandsThatFailSaySo() {
        var state = SampleData.state()
        _ = state.update(.textSizeNotSaved(CommandFailure(reason: "read-only file system")))
        #expect(state.notice == "Could not save the text size: read-only file system")
        _ = state.update(.openFailed)
        #expect(state.notice?.hasPrefix("Nothing here opens links") == true)
        #expect(state.initialCommands() == [.countStatuses(query: ""), .prepareSizes(state.sizesAhead())])
    }

    @Test func idleRefinementMeasuresInSlicesAndDrawsOnlyWhenTheScreenChanges() {
        // More rows than are measured up front, so heights start as estimates.
        let many = InMemoryDeliveries((0 ..< 48).flatMap { _ in sample.deliveries })
        var state = SampleData.state(width: 60, height: 14, source: many)
        #expect(!state.layout.isFullyMeasured)
        var idles = 0
        while !state.layout.isFullyMeasured, idles < 1_000 {
            let commands = state.update(.idle)
            #expect(commands.isEmpty || commands == [.countStatuses(query: "")])
            idles += 1
        }
        #expect(state.layout.isFullyMeasured)
        #expect(idles > 1, "a slice at a time, so a key never waits for the whole list")
        let version = state.screenVersion
        #expect(state.update(.idle).isEmpty)
        #expect(state.screenVersion == version, "nothing left to refine: nothing to draw")
    }

    @Test func idleWorkIsOfferedASmallSliceAMessageUntilNoneIsLeft() {
        let many = InMemoryDeliveries((0 ..< 48).flatMap { _ in sample.deliveries })
        var state = SampleData.state(width: 60, height: 14, source: many)
        #expect(state.hasIdleWork)
        var slices = 0
        while state.hasIdleWork, slices < 10_000 {
            _ = state.update(.idle)
            slices += 1
        }
        #expect(state.layout.isFullyMeasured)
        // At most a slice of rows measured a message (a screenful was measured up front).
        #expect(slices >= (many.count - 100) / AppState.refinementSlice)
        // A search's counts are idle work too, asked for once.
        state.press(.character("/"), .character("a"))
        #expect(state.hasIdleWork)
        #expect(state.update(.idle) == [.countStatuses(query: "a")])
    }

    @Test func theNextTextSizesArePreparedByAWorkerNeverWarmedInUpdate() {
        let many = InMemoryDeliveries((0 ..< 48).flatMap { _ in sample.deliveries })
        var state = SampleData.state(source: many)
        guard case .prepareSizes(let atStart) = state.initialCommands().last else {
            Issue.record("the sizes next to this one are prepared from the start")
            return
        }
        #expect(atStart.shown == .large && atStart.categories == [.xLarge, .medium] && atStart.fontsOnly == [.xxLarge, .small])
        #expect(!atStart.measuresEveryRow, "a long list is estimated: only its rows on screen are drawn ahead")
        // Idle slices only refine: no frame is drawn for the next size inside `update`.
        _ = state.update(.idle)
        #expect(state.hasIdleWork, "refinement still to do")
        let commands = state.press(.character("+"))
        guard case .prepareSizes(let afterPlus) = commands.last else {
            Issue.record("a size change asks for the sizes next to the new one: \(commands)")
            return
        }
        #expect(afterPlus.shown == .xLarge && afterPlus.categories == [.xxLarge, .large])
        // At either end of the ramp there is one neighbour.
        state.press(.character("0"))
        for _ in 0 ..< 8 { state.press(.character("+")) }
        #expect(state.category == .accessibility5)
        #expect(state.sizesAhead().categories == [.accessibility4])
    }

    @Test func aShortListsFullLayoutComesFromAWorkerAndIsEstimatedUntilThen() {
        var state = SampleData.state()
        #expect(state.layout.strategy == .exact && state.layout.isFullyMeasured, "measured before the loop starts")
        // `+` before the worker has measured the next size: estimated, and asked for.
        let commands = state.press(.character("+"))
        #expect(state.layout.awaitsExactHeights && !state.layout.isFullyMeasured)
        guard case .prepareSizes(let ahead) = commands.last, ahead.measuresShown else {
            Issue.record("the list's own full layout is asked of a worker: \(commands)")
            return
        }
        let shownBefore = state.render().plainTextLines
        // What the runtime does with the command, then the answer's message.
        #expect(state.update(.sizesPrepared(ahead, ahead.prepare())).isEmpty)
        #expect(!state.layout.awaitsExactHeights && state.layout.isFullyMeasured)
        #expect(state.render().plainTextLines == shownBefore, "the rows on screen were measured exactly already")
        #expect(state.layout.totalHeight == SampleData.state(category: .xLarge).layout.totalHeight)
        // Heights measured ahead for the next size are taken by the key at once.
        state.press(.character("+"))
        #expect(!state.layout.awaitsExactHeights && state.layout.isFullyMeasured)
        #expect(state.layout.totalHeight == SampleData.state(category: .xxLarge).layout.totalHeight)
    }

    @Test func theSameRowsSortedAnotherWayKeepTheirHeightsAtOnce() {
        let manifest = sample
        var state = SampleData.state(source: PlacedRows(manifest))
        #expect(state.layout.strategy == .exact && state.layout.isFullyMeasured)
        let byName = (0 ..< manifest.count).sorted { manifest.delivery(at: $0).name < manifest.delivery(at: $1).name }
        let sorted = PlacedRows(manifest, at: byName)
        guard let request = state.press(.character("s")).compactMap({ if case .search(let r) = $0 { r } else { nil } }).first else {
            Issue.record("s asks for the sorted rows")
            return
        }
        _ = state.update(.searched(request, .success(sorted)))
        #expect(!state.layout.awaitsExactHeights && state.layout.isFullyMeasured, "no worker needed: the heights moved with their rows")
        let measured = SampleData.state(source: sorted)
        #expect(state.layout.totalHeight == measured.layout.totalHeight)
        #expect((0 ..< sorted.count).allSatisfy { state.layout.offset(ofRow: $0) == measured.layout.offset(ofRow: $0) })
    }

    @Test func rowsWhosePlacesAreNotKnownAreMeasuredAgain() {
        let manifest = sample
        let byName = (0 ..< manifest.count).sorted { manifest.delivery(at: $0).name < manifest.delivery(at: $1).name }
        for sorted in [PlacedRows(manifest, at: byName, placed: false), PlacedRows(manifest, at: Array(byName.dropLast()))] {
            var state = SampleData.state(source: PlacedRows(manifest))
            guard let request = state.press(.character("s")).compactMap({ if case .search(let r) = $0 { r } else { nil } }).first else {
                Issue.record("s asks for the sorted rows")
                return
            }
            _ = state.update(.searched(request, .success(sorted)))
            #expect(state.layout.awaitsExactHeights, "not the same rows known by place: measured by a worker")
        }
    }

    @Test func heightsForRowsSinceReplacedAreNotTaken() {
        var state = SampleData.state()
        let stale = state.sizesAhead()
        state.press(.character("/"))
        let request = SearchRequest(query: "a", status: .all, selection: .firstRow)
        #expect(state.press(.character("a")) == [.search(request)])
        let found = rows { $0.name.contains("a") }
        let commands = state.update(.searched(request, .success(found)))
        guard case .prepareSizes(let ahead) = commands.last, ahead.measuresShown else {
            Issue.record("the new rows' full layout is asked for: \(commands)")
            return
        }
        #expect(state.layout.awaitsExactHeights)
        _ = state.update(.sizesPrepared(stale, stale.prepare()))
        #expect(state.layout.awaitsExactHeights, "the old rows' heights are not these rows'")
        _ = state.update(.sizesPrepared(ahead, ahead.prepare()))
        #expect(state.layout.isFullyMeasured)
    }

    @Test func theShipmentScreenIsNotRefinedBehind() {
        let many = InMemoryDeliveries((0 ..< 48).flatMap { _ in sample.deliveries })
        var state = SampleData.state(source: many)
        state.press(.enter)
        let version = state.screenVersion
        for _ in 0 ..< 5 { _ = state.update(.idle) }
        #expect(state.screenVersion == version)
        #expect(!state.layout.isFullyMeasured)
        #expect(!state.hasIdleWork, "nothing for the runtime to give slices to")
    }
}

/// A paste is text, never keys.
@Suite struct PasteTests {
    @Test func aPasteOutsideTheSearchFieldIsIgnoredWithANotice() {
        var state = SampleData.state()
        let selected = state.selected
        #expect(state.press(.paste("jjdq")).isEmpty, "no quit, no move, no mark")
        #expect(state.selected == selected)
        #expect(state.notice?.contains("Pasted text ignored") == true)
    }

    @Test func aPasteIntoTheSearchFieldIsItsTextOnOneLine() {
        var state = SampleData.state()
        state.press(.character("/"))
        let commands = state.press(.paste("Feng\nWong\u{1B}"))
        #expect(commands == [.search(SearchRequest(query: "Feng Wong", status: .all, selection: .firstRow))])
        #expect(state.search.query == "Feng Wong")
    }
}
