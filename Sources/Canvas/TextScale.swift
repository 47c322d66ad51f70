/// A size for text the terminal draws in its own font, as kitty's text-sizing
/// protocol (OSC 66) states it: an integer `scale` (the text's block is
/// `scale` rows tall and each character `scale` cells wide) and a fraction
/// `numerator/denominator` of that block the glyphs are drawn at.
///
///     TextScale(scale: 2, numerator: 7, denominator: 9).effective  // 1.56
public struct TextScale: Sendable, Hashable {
    /// `s`, 1…7: rows the text takes, and cells a character is wide.
    public var scale: Int
    /// `n` and `d`, 0…15: the fraction of the block drawn; 0/0 is the whole block.
    public var numerator: Int
    public var denominator: Int

    public init(scale: Int, numerator: Int = 0, denominator: Int = 0) {
        self.scale = scale
        self.numerator = numerator
        self.denominator = denominator
    }

    /// How much bigger than native text the glyphs are: s × n/d.
    public var effective: Double {
        guard denominator > numerator, numerator > 0 else { return Double(scale) }
        return Double(scale) * Double(numerator) / Double(denominator)
    }

    /// True when the text is plain terminal text (scale 1, no fraction).
    public var isNative: Bool { scale == 1 && !(denominator > numerator && numerator > 0) }

    /// The scale nearest `ratio` that the protocol can state: the smallest
    /// block that holds it, and the fraction (denominator up to 15, or the
    /// whole block) closest to `ratio / scale`; within 4 % for any ratio
    /// from 1/15 to 7. Ratios within 1 % of a whole number need no fraction.
    public static func nearest(to ratio: Double) -> TextScale {
        let clamped = min(7, max(1.0 / 15, ratio))
        let whole = clamped.rounded()
        if whole >= 1, abs(clamped - whole) / clamped < 0.01 { return TextScale(scale: Int(whole)) }
        let scale = max(1, Int(clamped.rounded(.up)))
        let target = clamped / Double(scale)
        var best = (numerator: 0, denominator: 0, error: abs(1 - target))
        for denominator in 2 ... 15 {
            for numerator in 1 ..< denominator {
                let error = abs(Double(numerator) / Double(denominator) - target)
                if error < best.error - 1e-12 { best = (numerator, denominator, error) }
            }
        }
        return TextScale(scale: scale, numerator: best.numerator, denominator: best.denominator)
    }
}
