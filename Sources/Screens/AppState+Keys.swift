import Input
import Model
import Typesetting

extension AppState {
    /// The next state for a key, and any work the runtime must do for it.
    mutating func handle(_ key: Key) -> [Command] {
        // Neither clears the notice: the screen comes back as it was left.
        // Ctrl-C is an interrupt, as the shell and fzf take it: 130 to the shell, not 0.
        if key == .controlC { return [.quitAfterSignal(Self.interruptSignal)] }
        if key == .control("z") { return [.suspend] }
        if keyProofNotice != noticeSerial { notice = nil }
        let sizeLine = sizeChangeLine
        sizeChangeLine = nil
        if case .paste(let text) = key { return handlePaste(text) }
        if search.isEditing, let commands = handleSearchKey(key) { return commands }
        // A count before a motion (`5j`, `10G`): digits gather until another key uses them.
        // `0` extends a count (`10j`), as in vim; alone it is the size key.
        if case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII, digit > 0 || count != nil {
            count = min(9_999_999, (count ?? 0) * 10 + digit)
            return []
        }
        let repeats = count
        count = nil
        if isShowingHelp, let commands = handleHelpKey(key) { return commands }
        switch key {
        case .character("?"):
            isShowingHelp = true
            helpScroll = 0
            return []
        case .character("q"):
            return [.quit]
        case .character("+"), .character("="):
            return changeCategory(to: category.larger, keepingLine: sizeLine)
        case .character("-"):
            return changeCategory(to: category.smaller, keepingLine: sizeLine)
        case .character("0"):
            return changeCategory(to: .large, keepingLine: sizeLine)
        case .control("l"):
            notice = "Screen drawn again"
            return [.repaint]
        default:
            break
        }
        if let commands = handleConflictKey(key) { return commands }
        switch route {
        case .deliveries: return handleDeliveriesKey(key, count: repeats)
        case .shipment(let delivery, let scroll): return handleShipmentKey(key, delivery: delivery, scroll: scroll, count: repeats)
        }
    }

    /// SIGINT, which Ctrl-C stands for (128 + 2 = 130 is the exit status shells expect).
    static let interruptSignal: Int32 = 2

    /// `line`: where the selected row was before the run of size keys this one continues.
    private mutating func changeCategory(to newCategory: ContentSizeCategory, keepingLine line: Int?) -> [Command] {
        // The run goes on from where it started, even through a size that could not change.
        sizeChangeLine = line ?? (route == .deliveries ? layout.screenLine(ofRow: selected) : nil)
        guard newCategory != category else {
            let which = category == .accessibility5 ? "largest" : category == .xSmall ? "smallest" : "default"
            notice = "Text size: already \(category.name), the \(which)"
            return []
        }
        setCategory(newCategory, keepingLine: sizeChangeLine)
        // Which way big text is drawn depends on the terminal: say which was chosen.
        notice = "glyphs: \(typesetter.glyphsLabel)"
        return [.saveTextSize(newCategory), .prepareSizes(sizesAhead())]
    }

    // MARK: - Help

    /// While help is open, Esc, `?` and `q` close it and the scrolling keys
    /// scroll it; nil for every other key, which acts on the screen behind.
    private mutating func handleHelpKey(_ key: Key) -> [Command]? {
        let page = max(1, HelpOverlay.visibleLines(in: size) - 1)
        switch key {
        case .escape, .character("?"), .character("q"):
            isShowingHelp = false
            return []
        case .up, .character("k"): helpScroll -= 1
        case .down, .character("j"): helpScroll += 1
        case .pageUp, .control("b"), .control("u"): helpScroll -= page
        case .pageDown, .character(" "), .control("f"), .control("d"): helpScroll += page
        case .wheel(let lines): helpScroll += lines
        default: return nil
        }
        let limit = HelpOverlay(state: self).maximumScroll
        helpScroll = min(max(0, helpScroll), limit)
        return []
    }

    // MARK: - Deliveries

    private mutating func handleDeliveriesKey(_ key: Key, count repeats: Int?) -> [Command] {
        // Any other key is the user's newer wish: a waiting jump is dropped.
        jumpAwaitingRows = nil
        if let commands = changeList(for: key, count: repeats) { return commands }
        // The list asked for is not here yet: the key is for its rows, so it waits for them.
        if isSearching {
            if keysAwaitingList.count < Self.keysAwaitingListLimit {
                keysAwaitingList.append(KeyAwaitingList(key: key, count: repeats))
            }
            return []
        }
        return moveInList(for: key, count: repeats)
    }

    /// Keys held for a list being read, at most: a list that never comes does not gather them without end.
    static let keysAwaitingListLimit = 256

    /// The keys that waited for the list the user asked for, acting on it now
    /// that it has come (or on the list kept, when it could not be read), in order.
    mutating func actOnKeysAwaitingList() -> [Command] {
        let waiting = keysAwaitingList
        keysAwaitingList = []
        return waiting.flatMap { held -> [Command] in
            switch route {
            case .deliveries: return moveInList(for: held.key, count: held.count)
            case .shipment(let delivery, let scroll):
                return handleShipmentKey(held.key, delivery: delivery, scroll: scroll, count: held.count)
            }
        }
    }

    /// The keys that ask for another list (search, filter, sort, clearing
    /// them); nil for every other key, which acts on the rows shown.
    private mutating func changeList(for key: Key, count repeats: Int?) -> [Command]? {
        let times = max(1, repeats ?? 1)
        switch key {
        case .character("/"):
            search.isEditing = true
            search.startedOn = selectedDelivery?.id
        case .character("f"), .character("F"):
            var filter = search.status
            for _ in 0 ..< times { filter = key == .character("f") ? filter.next : filter.previous }
            search.status = filter
            notice = "Filter: \(filter == .all ? "all deliveries" : filter.title)"
            return searchAgain(keeping: selectedDelivery?.id)
        case .character("s"):
            for _ in 0 ..< times { search.sort = search.sort.next }
            notice = "Sorted by \(search.sort.title)"
            return searchAgain(keeping: selectedDelivery?.id)
        case .character("L"):
            guard !search.isLateOnly else { return leaveLateView() }
            guard let now else {
                notice = "No time of day to be late against"
                return []
            }
            search.isLateOnly = true
            notice = "Late at \(now): press L or Esc for all deliveries"
            return searchAgain(keeping: selectedDelivery?.id)
        case .escape, .backspace, .left, .character("h"):
            if !search.query.isEmpty {
                search.query = ""
                notice = "Search cleared"
                return clearSearch(keeping: selectedDelivery?.id)
            }
            if search.status != .all {
                search.status = .all
                notice = "Filter cleared: all deliveries"
                return searchAgain(keeping: selectedDelivery?.id)
            }
            if search.isLateOnly { return leaveLateView() }
        default:
            return nil
        }
        return []
    }

    /// Back from the late view to every delivery, on the same one.
    private mutating func leaveLateView() -> [Command] {
        search.isLateOnly = false
        notice = search.status == .all ? "All deliveries, late or not" : "Late or not: \(search.status.title)"
        return searchAgain(keeping: selectedDelivery?.id)
    }

    /// The keys that move in the rows shown, page, scroll, or open one.
    private mutating func moveInList(for key: Key, count repeats: Int?) -> [Command] {
        let count = source.count
        let page = max(1, Self.listHeight(size: size))
        let times = max(1, repeats ?? 1)
        switch key {
        case .up, .character("k"): select(selected - times)
        case .down, .character("j"): select(selected + times)
        case .home, .character("g"):
            selected = 0
            layout.scrollToTop()
        case .end, .character("G"):
            let row = repeats.map { $0 - 1 } ?? count - 1
            if isLearningRows, row >= source.cheaplyReadableRows {
                // Rows past the known ones are still being learnt: the jump waits for them, visibly, rather than the loop.
                jumpAwaitingRows = row
                notice = Self.readingRestNotice
            } else {
                jump(to: row)
            }
        case .pageDown, .character(" "), .control("f"):
            for _ in 0 ..< times {
                layout.scroll(by: page)
                selected = firstFullyVisibleRow() ?? min(count - 1, selected + 1)
            }
        case .pageUp, .control("b"):
            for _ in 0 ..< times {
                layout.scroll(by: -page)
                selected = firstFullyVisibleRow() ?? max(0, selected - 1)
            }
        case .control("d"): halfPage(down: true, times: times)
        case .control("u"): halfPage(down: false, times: times)
        case .wheel(let lines):
            layout.scroll(by: lines)
            keepSelectionOnScreen()
        case .click(_, let y):
            if let row = layout.visibleRows().first(where: { y - 1 >= $0.y && y - 1 < $0.y + $0.height })?.row {
                selected = row
            }
        case .enter, .right, .character("l"):
            openShipment()
        case .character("n"): nextMatch(by: times)
        case .character("N"): nextMatch(by: -times)
        case .character("u"):
            // This browser's last change, whichever delivery it was.
            notice = "Undoing…"
            return [.saveStatus(.undo(deliveryID: nil))]
        default:
            break
        }
        return []
    }

    /// Reads the list again for the search now asked for, keeping the
    /// delivery `id` selected, or going to the first row.
    mutating func searchAgain(keeping id: String?) -> [Command] {
        // The title bar's counts are for the old search until typing pauses.
        overviewIsStale = true
        isSearching = true
        return [.search(currentSearch(selection: id.map { .delivery(id: $0) } ?? .firstRow))]
    }

    /// Moves the selection, scrolling just enough to keep it in view.
    private mutating func select(_ row: Int) {
        guard source.count > 0 else { return }
        selected = min(max(0, row), source.count - 1)
        layout.reveal(row: selected)
    }

    /// End and `nG`: `row` selected; the last row (or past it) with the list scrolled to its end, as End does.
    mutating func jump(to row: Int) {
        guard row < source.count - 1 else {
            selected = max(0, source.count - 1)
            layout.scrollToEnd()
            return
        }
        select(row)
    }

    /// Ctrl-D and Ctrl-U: the list scrolls half a screen and the selection
    /// moves with it, staying on its screen line.
    private mutating func halfPage(down: Bool, times: Int) {
        guard source.count > 0 else { return }
        let half = max(1, Self.listHeight(size: size) / 2)
        for _ in 0 ..< times {
            let line = layout.screenLine(ofRow: selected) ?? 0
            let before = layout.contentOffset
            layout.scroll(by: down ? half : -half)
            if layout.contentOffset == before {
                // At the end already: the selection goes the rest of the way.
                select(down ? source.count - 1 : 0)
                continue
            }
            let rows = layout.visibleRows()
            let target = rows.first { line >= $0.y && line < $0.y + $0.height }?.row ?? (down ? rows.last?.row : rows.first?.row)
            if let target { select(target) }
        }
    }

    /// `n` and `N`: the next or previous delivery the search matched, wrapping around.
    private mutating func nextMatch(by step: Int) {
        guard !search.query.isEmpty else {
            notice = "No search: press / to search"
            return
        }
        guard source.count > 0 else {
            notice = "No matches for “\(search.query)”"
            return
        }
        let count = source.count
        select(((selected + step) % count + count) % count)
        notice = "Match \(selected + 1) of \(count)"
    }

    private mutating func keepSelectionOnScreen() {
        let rows = layout.visibleRows()
        guard let first = rows.first, let last = rows.last else { return }
        if selected < first.row || selected > last.row {
            selected = firstFullyVisibleRow() ?? first.row
        }
    }

    /// After a page step or a wheel scroll the selection goes to the first
    /// row wholly on screen (or the top row, when none fits whole).
    private func firstFullyVisibleRow() -> Int? {
        let viewport = Self.listHeight(size: size)
        let rows = layout.visibleRows()
        return rows.first { $0.y >= 0 && $0.y + $0.height <= viewport }?.row ?? rows.first?.row
    }

    // MARK: - Search

    /// How many rows the search typed found, said when the field closes.
    var foundNotice: String {
        source.count == 0 ? "No matches for “\(search.query)”" : "\(source.count) found: n/N next/previous"
    }

    /// Keys typed into the search field; nil for keys the list should handle.
    private mutating func handleSearchKey(_ key: Key) -> [Command]? {
        switch key {
        case .escape:
            // Cancelled, as in vim's incremental search and fzf: the list as it
            // was before `/`, on the same delivery, scrolled as it was; the filter stays.
            search.isEditing = false
            guard !search.query.isEmpty else { return [] }
            search.query = ""
            notice = "Search cancelled"
            return returnToListBeforeSearch()
        case .enter:
            search.isEditing = false
            // Rows still being read say how many they found when they come (`show`).
            if !search.query.isEmpty, !isSearching { notice = foundNotice }
            return []
        case .backspace:
            guard !search.query.isEmpty else { search.isEditing = false; return [] }
            search.query.removeLast()
            // Every letter erased: back where the search started, still typing.
            return search.query.isEmpty ? returnToListBeforeSearch() : searchAgain(keeping: nil)
        case .character(let c) where !c.isNewline && c.asciiValue.map({ $0 >= 0x20 }) ?? true:
            search.query.append(c)
            return searchAgain(keeping: nil)
        default:
            return nil
        }
    }

    /// Back to the list without a search as it was before `/`: the same
    /// delivery selected and the same rows on screen. The list kept when the
    /// search's rows came is shown as it was left; when it cannot be (the
    /// store changed meanwhile), it is read again on the delivery selected before.
    private mutating func returnToListBeforeSearch() -> [Command] {
        let wholeList = currentSearch(selection: .sameIndex)
        guard let kept = listBeforeSearch, kept.rows.findsSameRows(as: wholeList), !shownRows.findsSameRows(as: wholeList) else {
            return clearSearch(keeping: search.startedOn)
        }
        leaveSearch()
        return show(kept, as: wholeList, selecting: kept.selected, keepsLaidOutScroll: true)
    }

    /// Back to the list without a search on the delivery `id` (or the listed
    /// one nearest it): the list kept when the search's rows came, if it was
    /// read with today's filter and sort; the rows shown, if the search's
    /// never came; else read again.
    private mutating func clearSearch(keeping id: String?) -> [Command] {
        let wholeList = currentSearch(selection: .sameIndex)
        let kept = listBeforeSearch.flatMap { $0.rows.findsSameRows(as: wholeList) ? $0 : nil }
        guard shownRows.findsSameRows(as: wholeList) || kept != nil else { return searchAgain(keeping: id) }
        leaveSearch()
        guard let kept, !shownRows.findsSameRows(as: wholeList) else { return [] }
        return show(kept, as: wholeList, selecting: id.flatMap(kept.source.row(nearestTo:)) ?? kept.selected, keepsLaidOutScroll: false)
    }

    private mutating func leaveSearch() {
        listBeforeSearch = nil
        isSearching = false
        // Keys for the search's rows, which will not come now.
        keysAwaitingList = []
        // The title bar's counts are the search's until idle work counts again.
        overviewIsStale = true
    }

    /// The list kept before the search shown again as `wholeList`'s rows, with its title counts.
    private mutating func show(_ kept: ListBeforeSearch, as wholeList: SearchRequest, selecting row: Int, keepsLaidOutScroll: Bool) -> [Command] {
        replaceSource(kept.source, laidOut: kept.layout, selecting: row, keepsLaidOutScroll: keepsLaidOutScroll)
        shownRows = wholeList
        if let counts = kept.overview { (overview, overviewQuery) = (counts, kept.rows.query) }
        // Rows it had not learnt when the search came are learnt now, as when they were read.
        if source.cheaplyReadableRows < source.count {
            isLearningRows = true
            return [.learnRemainingRows(shownRows)]
        }
        return []
    }

    // MARK: - Shipment

    private mutating func handleShipmentKey(_ key: Key, delivery: Delivery, scroll: Int, count repeats: Int?) -> [Command] {
        let page = max(1, Self.shipmentArea(in: size, pairs: typesetter.mayDoubleLines).height - 1)
        let times = max(1, repeats ?? 1)
        var newScroll = scroll
        switch key {
        case .escape, .backspace, .left, .character("h"):
            route = .deliveries
            return []
        case .up, .character("k"): newScroll -= times
        case .down, .character("j"): newScroll += times
        case .pageDown, .character(" "), .control("f"): newScroll += page * times
        case .pageUp, .control("b"): newScroll -= page * times
        case .control("d"): newScroll += max(1, page / 2) * times
        case .control("u"): newScroll -= max(1, page / 2) * times
        case .home, .character("g"): newScroll = 0
        case .end, .character("G"): newScroll = Int.max / 2
        case .wheel(let lines): newScroll += lines
        case .character("d"): return save(.delivered, for: delivery)
        case .character("f"): return save(.failed, for: delivery)
        case .character("p"): return save(.pending, for: delivery)
        case .character("o"): return save(.outForDelivery, for: delivery)
        case .character("u"):
            // Here: this browser's last change of the delivery on screen.
            notice = "Undoing…"
            return [.saveStatus(.undo(deliveryID: delivery.id))]
        case .character("y"):
            guard let phone = delivery.phone, !phone.isEmpty else {
                notice = "No phone number to copy"
                return []
            }
            notice = "Copied the phone \(phone) (to the terminal's clipboard)"
            return [.copyToClipboard(phone)]
        case .character("Y"):
            let address = delivery.address.line1 + (delivery.address.line2.map { "\n" + $0 } ?? "")
            notice = "Copied the address (to the terminal's clipboard)"
            return [.copyToClipboard(address)]
        case .character("O"):
            notice = "Opening the address on a map…"
            return [.open(url: ContactLinks.map(delivery.address))]
        default: return []
        }
        route = .shipment(delivery, scroll: clampedShipmentScroll(newScroll, for: delivery))
        return []
    }

    /// Saving happens in the background (`.statusSaved` says how it went); till then the notice says it is under way.
    private mutating func save(_ status: DeliveryStatus, for delivery: Delivery) -> [Command] {
        notice = "Saving \(status.title)…"
        return [.saveStatus(.setStatus(status, deliveryID: delivery.id))]
    }
}
