import Model
import RowLayout

/// The list without a search as it was when a search's rows replaced it:
/// its rows, their layout and the selection. Clearing the search shows it
/// again at once (`AppState.clearSearch`) rather than reading and laying out
/// the rows again, which would cost more than a frame at any size of list
/// (a short list is measured whole). Dropped when the store changes (`AppState.readAgain`); used only
/// for the same rows (the filter and sort it was read with).
struct ListBeforeSearch: Sendable {
    let source: any DeliverySource
    let layout: ListLayout
    let selected: Int
    /// The search (no words) its rows were read for.
    let rows: SearchRequest
    /// The title bar's counts beside these rows, when they had come: shown again with them.
    let overview: StatusCounts?
}
