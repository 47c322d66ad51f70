/// How a status filter's result learns which rows it holds: all at once when
/// small, else a first chunk for the first screens and the rest when read;
/// and how a search counts its rows per status.
///
/// Counting a million matches is fast in SQLite; handing each one to Swift
/// is what costs, so large results defer it until a row beyond the first
/// chunk is asked for. Tests shrink the sizes to exercise the lazy path.
struct ResultListing: Sendable {
    /// Results up to this many rows are listed together with their count, in
    /// one snapshot. As small as the first chunk.
    var eagerLimit = 4096
    /// Rows a large result learns first; the rest come in one more read.
    var firstChunk = 4096
    /// Search results up to this many rows are counted per status by SQLite,
    /// row by row; past it, reading the status index whole costs less.
    var countedBySQL = 50_000
}
