/// How a search result learns which rows it holds: all at once when small,
/// else a first chunk for the first screens and the rest when read.
///
/// Counting a million matches is fast in SQLite; handing each one to Swift
/// is what costs, so large results defer it until a row beyond the first
/// chunk is asked for. Tests shrink the sizes to exercise the lazy path.
struct ResultListing: Sendable {
    /// Results up to this many rows are listed together with their count, in
    /// one snapshot. As small as the first chunk: a trigram result costs as
    /// much to list as to count, so a keystroke should pay for one of them.
    var eagerLimit = 4096
    /// Rows a large result learns first; the rest come in one more read.
    var firstChunk = 4096
}
