import RowLayout

/// What of the list idle refinement can change on screen: which rows are
/// shown where, and the scrollbar. Compared before and after a slice, so a
/// slice that moved nothing visible costs no frame.
struct ListAppearance: Equatable {
    var rows: [VisibleRow]
    var thumb: ScrollbarThumb
    var hasScrollbar: Bool

    init(_ layout: ListLayout, trackHeight: Int) {
        rows = layout.visibleRows()
        thumb = layout.scrollbarThumb(trackHeight: trackHeight)
        hasScrollbar = layout.totalHeight > trackHeight
    }
}
