import Canvas

/// One character drawn big: `rows` rows of cells, all the same width.
struct GlyphBlock: Sendable, Hashable {
    var rows: [[Grapheme]]
}
