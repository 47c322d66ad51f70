import Canvas

/// The text of a line the terminal draws at another size itself (OSC 66):
/// its graphemes unspaced, and the scale. The line's own graphemes are the
/// plain fallback, each character followed by the blanks of its block.
public struct ScaledLine: Sendable, Hashable {
    public var graphemes: [Grapheme]
    public var scale: TextScale

    public init(graphemes: [Grapheme], scale: TextScale) {
        self.graphemes = graphemes
        self.scale = scale
    }
}
