@testable import RowLayout
import SeededRandom

/// Rows modelled on the Deliveries screen: a name and an address that wrap
/// at the width, in glyphs that grow with the category. The estimate ignores
/// wrapping (as the real one does), so it is wrong in the same ways.
struct SyntheticRows: RowMeasuring {
    var nameLengths: [Int]
    var addressLengths: [Int]
    /// Makes every estimate the same, as badly wrong as an estimate gets.
    var estimatesIgnoreLength = false

    init(count: Int, generator: inout SplitMix64) {
        nameLengths = (0 ..< count).map { _ in Int.random(in: 2 ... 40, using: &generator) }
        addressLengths = (0 ..< count).map { _ in
            Bool.random(using: &generator) ? Int.random(in: 5 ... 40, using: &generator) : Int.random(in: 40 ... 400, using: &generator)
        }
    }

    /// Cheap rows for very large counts: lengths from the row number alone.
    init(hashedCount count: Int) {
        nameLengths = (0 ..< count).map { 3 + ($0 &* 2_654_435_761) % 37 }
        addressLengths = (0 ..< count).map { 5 + ($0 &* 40_503) % 211 }
    }

    /// Very tall rows in the first tenth of the list, short ones after: what a
    /// uniform estimate gets most wrong.
    init(tallHeadCount count: Int) {
        nameLengths = Array(repeating: 10, count: count)
        addressLengths = (0 ..< count).map { $0 < count / 10 ? 900 : 10 }
        estimatesIgnoreLength = true
    }

    static func glyphRows(_ context: LayoutContext) -> Int { 1 + context.category / 3 }

    static func lines(_ length: Int, _ context: LayoutContext) -> Int {
        let g = glyphRows(context)
        let perLine = max(1, context.width / g)
        return g * max(1, (length + perLine - 1) / perLine)
    }

    func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        Self.lines(nameLengths[row], context) + Self.lines(addressLengths[row], context) + (context.category >= 3 ? 1 : 0)
    }

    func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        let g = Self.glyphRows(context)
        if estimatesIgnoreLength { return 2 * g }
        return 2 * g + (nameLengths[row] + addressLengths[row]) * g * g / max(1, 2 * context.width)
    }

    func fixedHeight(in context: LayoutContext) -> Int { 2 * Self.glyphRows(context) + 1 }
}
