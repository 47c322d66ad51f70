import Canvas
import Model
import RowLayout
import Typesetting

/// The list: one row per delivery, a scrollbar, a title bar and a status bar.
struct DeliveriesScreen {
    let state: AppState

    func draw(into frame: inout Frame) {
        let list = AppState.contentArea(in: state.size, pairs: state.typesetter.mayDoubleLines)
        let fixedHeight = state.strategy == .fixed ? state.layout.height(ofRow: 0) : nil

        // Rows draw clipped to the list, so a row straddling an edge is cut there.
        let searchWords = SearchFolding.words(of: state.search.query)
        // Where the selected delivery's name starts: the terminal's cursor goes there.
        var selectionCursor: (x: Int, y: Int)?
        frame.clipped(to: list) { frame in
            for visible in state.layout.visibleRows() {
                let y = list.y + visible.y
                let content = state.measurer.content(ofRow: visible.row, in: state.layout.context, fixedHeight: fixedHeight)
                if visible.row == state.selected { selectionCursor = (list.x + content.textX, max(list.y, y)) }
                content.draw(into: &frame, y: y, width: list.width, isSelected: visible.row == state.selected)
                content.highlight(searchWords, into: &frame, y: y, category: state.category)
                if let now = state.now, state.source.delivery(at: visible.row).isLate(at: now) {
                    content.drawLateMark(
                        into: &frame, y: y, width: list.width, isSelected: visible.row == state.selected, category: state.category)
                }
            }
            if state.source.count == 0 {
                let unfiltered = state.shownRows.query.isEmpty && state.shownRows.status == .all
                let message = state.shownRows.lateAt.map { unfiltered ? "Nothing late at \($0)" : "No late matches" }
                    ?? (unfiltered ? "No deliveries" : "No matches")
                frame.write(message, x: list.x + max(0, (list.width - message.count) / 2), y: list.y + list.height / 2, style: CellStyle(dim: true))
            }
        }

        if state.layout.totalHeight > list.height {
            Scrollbar(thumb: state.layout.scrollbarThumb(trackHeight: list.height)).draw(
                into: &frame, area: AppState.scrollbarArea(in: state.size, pairs: state.typesetter.mayDoubleLines), atTheEdge: state.typesetter.mayDoubleLines)
        }
        TitleBar(leading: "Deliveries", title: nil, trailing: titleTrailing(width: frame.width)).draw(into: &frame)
        let afterPosition = statusBar(width: frame.width).draw(into: &frame)
        if state.search.isEditing {
            frame.cursor = (x: min(frame.width - 1, afterPosition), y: frame.height - 1)
        } else if let selectionCursor {
            frame.cursor = selectionCursor
            frame.hidesCursor = !state.showsCursor
        }
    }

    /// The search, filter and order of the rows shown: the ones asked for
    /// until they come (or when they could not be read) are the status bar's to say.
    private var filterSummary: String {
        let shown = state.shownRows
        var parts: [String] = []
        if !shown.query.isEmpty { parts.append("“\(shown.query)”") }
        if shown.status != .all { parts.append(shown.status.title) }
        if shown.sort != .manifest { parts.append("by \(shown.sort.title)") }
        return parts.joined(separator: " · ")
    }

    /// The late view's count, "late 11 at 12:30": the rows shown are the late ones.
    private var lateCount: String? {
        state.shownRows.lateAt.map { "late \(GroupedDigits.text(state.source.count)) at \($0)" }
    }

    /// The search and filter, then the counts per status: in words when they
    /// fit, else by badge symbol ("○12 ▸5 ✓30 ✗2"), else the filter alone.
    private func titleTrailing(width: Int) -> String {
        let room = width - 2 - DisplayWidth.columns(of: "Deliveries") - 2
        let filter = filterSummary
        if let late = lateCount {
            // The counts per status are the whole search's; the late view counts its own rows.
            let candidates = [filter.isEmpty ? late : filter + " · " + late, late]
            return candidates.first { DisplayWidth.columns(of: $0) <= room } ?? ""
        }
        // Counts of another search (typed since, not counted yet) would be read as this one's.
        guard let counts = state.overview, state.overviewQuery == state.shownRows.query else { return filter }
        let compact = DeliveryStatus.allCases.map { StatusBadge.symbol(for: $0) + GroupedDigits.text(counts[$0]) }.joined(separator: " ")
        let candidates = [counts.overview, compact].map { filter.isEmpty ? $0 : filter + " · " + $0 } + [filter, compact]
        return candidates.first { DisplayWidth.columns(of: $0) <= room } ?? ""
    }

    private func statusBar(width: Int) -> StatusBar {
        let count = state.source.count
        let isFiltered = !state.search.query.isEmpty || state.search.status != .all || state.search.isLateOnly
        if state.search.isEditing {
            // The field keeps the end of a long query, where the cursor is.
            let label = width >= StatusBar.labelledWidth ? "Text size: " + state.category.name : state.category.name
            let room = width - 2 - DisplayWidth.columns(of: label) - 3 - DisplayWidth.columns(of: "Search: ") - 1
            // While the rows are read the count is the old search's: say so rather than "no matches".
            let hints = state.isSearching
                ? [StatusHint("searching…", priority: 0), StatusHint("⏎ done", priority: 1), StatusHint("⎋ cancel", priority: 2)]
                : count == 0 && !state.search.query.isEmpty
                ? [StatusHint("no matches", priority: 0), StatusHint("⌫ edit", priority: 2), StatusHint("⎋ cancel", priority: 1)]
                : [StatusHint("⏎ done", priority: 0), StatusHint("⎋ cancel", priority: 1)]
            return StatusBar(
                position: "Search: " + StatusBar.tail(of: state.search.query, to: max(1, room)),
                textSize: state.category.name, message: state.statusMessage, hints: hints)
        }
        if count == 0 {
            let hints = isFiltered
                ? [StatusHint("⎋ clear", priority: 1), StatusHint("f filter", priority: 2),
                   StatusHint("/ search", priority: 3), StatusHint("? help", priority: 0), StatusHint("q quit", priority: 4)]
                : [StatusHint("? help", priority: 0), StatusHint("q quit", priority: 1)]
            return StatusBar(position: "0 deliveries", textSize: state.category.name, message: state.statusMessage, hints: hints,
                             count: state.count)
        }
        // The size keys are the product's own and kept longest; the arrows, which
        // every list has, go first.
        return StatusBar(
            position: "\(GroupedDigits.text(state.selected + 1))/\(GroupedDigits.text(count))",
            textSize: state.category.name,
            message: state.statusMessage,
            hints: [
                StatusHint("↑↓ move", priority: 5), StatusHint("⏎ open", priority: 4), StatusHint("+/- size", priority: 0),
                StatusHint("/ search", priority: 3), StatusHint("? help", priority: 1), StatusHint("q quit", priority: 2),
            ],
            count: state.count
        )
    }
}
