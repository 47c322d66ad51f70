import Model
import Typesetting

extension AppState {
    /// The next state for a key, and any work the runtime must do for it.
    public mutating func handle(_ key: Key) -> [Effect] {
        if case .resize(let width, let height) = key {
            resize(to: TerminalSize(width: width, height: height))
            return []
        }
        if key == .controlC { return [.quit] }
        notice = nil
        if isShowingHelp {
            // Any key closes the help; q still quits.
            isShowingHelp = false
            return key == .character("q") ? [.quit] : []
        }
        if search.isEditing, let effects = handleSearchKey(key) { return effects }
        switch key {
        case .character("?"):
            isShowingHelp = true
            return []
        case .character("q"):
            return [.quit]
        case .character("+"), .character("="):
            return changeCategory(to: category.larger)
        case .character("-"):
            return changeCategory(to: category.smaller)
        case .character("0"):
            return changeCategory(to: .large)
        default:
            break
        }
        switch route {
        case .deliveries: return handleDeliveriesKey(key)
        case .shipment(let delivery, let scroll): return handleShipmentKey(key, delivery: delivery, scroll: scroll)
        }
    }

    private mutating func changeCategory(to newCategory: ContentSizeCategory) -> [Effect] {
        guard newCategory != category else { return [] }
        setCategory(newCategory)
        // Which way big text is drawn depends on the terminal: say which was chosen.
        notice = "glyphs: \(typesetter.glyphs.rawValue)"
        return [.saveTextSize(newCategory)]
    }

    mutating func resize(to newSize: TerminalSize) {
        guard newSize != size else { return }
        size = newSize
        layout.setViewportHeight(Self.listHeight(size: size))
        layout.setContext(Self.listContext(size: size, category: category), keepingRow: selectedRowIfOnScreen)
        layout.reveal(row: selected)
    }

    // MARK: - Deliveries

    private mutating func handleDeliveriesKey(_ key: Key) -> [Effect] {
        let count = source.count
        let page = max(1, Self.listHeight(size: size))
        switch key {
        case .up, .character("k"): select(selected - 1)
        case .down, .character("j"): select(selected + 1)
        case .home, .character("g"):
            selected = 0
            layout.scrollToTop()
        case .end, .character("G"):
            selected = max(0, count - 1)
            layout.scrollToEnd()
        case .pageDown, .character(" "):
            layout.scroll(by: page)
            selected = firstFullyVisibleRow() ?? min(count - 1, selected + 1)
        case .pageUp:
            layout.scroll(by: -page)
            selected = firstFullyVisibleRow() ?? max(0, selected - 1)
        case .wheel(let lines):
            layout.scroll(by: lines)
            keepSelectionOnScreen()
        case .click(_, let y):
            if let row = layout.visibleRows().first(where: { y - 1 >= $0.y && y - 1 < $0.y + $0.height })?.row {
                selected = row
            }
        case .enter, .right, .character("l"):
            openShipment()
        case .character("/"):
            search.isEditing = true
        case .character("s"):
            search.status = search.status.next
            return [.search(query: search.query, status: search.status)]
        case .escape where !search.query.isEmpty || search.status != .all:
            search = SearchField()
            return [.search(query: "", status: .all)]
        default:
            break
        }
        return []
    }

    /// Moves the selection, scrolling just enough to keep it in view.
    private mutating func select(_ row: Int) {
        guard source.count > 0 else { return }
        selected = min(max(0, row), source.count - 1)
        layout.reveal(row: selected)
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

    /// Keys typed into the search field; nil for keys the list should handle.
    private mutating func handleSearchKey(_ key: Key) -> [Effect]? {
        switch key {
        case .escape:
            search = SearchField()
            return [.search(query: "", status: .all)]
        case .enter:
            search.isEditing = false
            return []
        case .backspace:
            guard !search.query.isEmpty else { search.isEditing = false; return [] }
            search.query.removeLast()
            return [.search(query: search.query, status: search.status)]
        case .character(let c) where !c.isNewline && c.asciiValue.map({ $0 >= 0x20 }) ?? true:
            search.query.append(c)
            return [.search(query: search.query, status: search.status)]
        default:
            return nil
        }
    }

    // MARK: - Shipment

    private mutating func handleShipmentKey(_ key: Key, delivery: Delivery, scroll: Int) -> [Effect] {
        let page = max(1, size.height - 3)
        var newScroll = scroll
        switch key {
        case .escape, .backspace, .left, .character("h"):
            route = .deliveries
            return []
        case .up, .character("k"): newScroll -= 1
        case .down, .character("j"): newScroll += 1
        case .pageDown, .character(" "): newScroll += page
        case .pageUp: newScroll -= page
        case .home, .character("g"): newScroll = 0
        case .end, .character("G"): newScroll = Int.max / 2
        case .wheel(let lines): newScroll += lines
        case .character("d"): return [.setStatus(deliveryID: delivery.id, status: .delivered)]
        case .character("f"): return [.setStatus(deliveryID: delivery.id, status: .failed)]
        case .character("p"): return [.setStatus(deliveryID: delivery.id, status: .pending)]
        case .character("o"): return [.setStatus(deliveryID: delivery.id, status: .outForDelivery)]
        case .character("u"): return [.undoStatusChange]
        default: return []
        }
        route = .shipment(delivery, scroll: clampedShipmentScroll(newScroll, for: delivery))
        return []
    }
}
