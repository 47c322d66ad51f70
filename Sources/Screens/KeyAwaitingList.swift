import Input

/// A key for the list's rows (a move, a page, End, Enter, a click) typed
/// while a list the user asked for (a sort, a filter, a search) was still
/// being read. It waits for that list and then acts on it, as it would have
/// had the list come at once: `s` then End goes to the end of the sorted
/// list, not to the end of the old one and back to the delivery kept.
struct KeyAwaitingList: Sendable, Hashable {
    var key: Key
    /// The count typed before it (`5` of `5j`).
    var count: Int?
}
