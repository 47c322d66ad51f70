/// What the index knows about one row, in 8 bytes kept together so that
/// touching a row touches one memory page.
struct RowHeightRecord {
    /// The height the offsets count for the row; bit 15 marks it exact.
    var indexHeight: UInt16
    /// The generation `indexHeight` belongs to; any other means "base estimate".
    var indexGeneration: UInt16
    /// The last exact height measured for the row, whatever the current context.
    var cacheHeight: UInt16
    /// The context tag (width and category) `cacheHeight` was measured in; 0 is none.
    var cacheContext: UInt16
}
