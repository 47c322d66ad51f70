import Canvas
import Model
import RowLayout
import Typesetting

/// Work asked of the runtime to do off the loop (`Command.prepareSizes`)
/// so that no key waits for it: what a `+` or `-` would otherwise do first
/// (open the fonts of the next sizes and the fallback fonts of the scripts
/// the ladder draws, rasterise the rows on screen at the next size), and
/// the `exact` strategy's full layout (every row measured) of the list
/// shown and at the next sizes.
///
/// Fonts and glyphs go to the typesetter's shared cache; the heights come
/// back in `Message.sizesPrepared`, where the layout takes its own and the
/// state keeps the others (`AppState.heightsAhead`) for the key that
/// changes the size.
public struct SizesAhead: Sendable, Hashable {
    /// The text size shown, whose full layout is measured first when the
    /// layout waits for it (`measuresShown`).
    public let shown: ContentSizeCategory
    /// The sizes one step up and down, nearest first: drawn, and measured.
    public let categories: [ContentSizeCategory]
    /// The sizes two steps away: their fonts, and their heights when every row is measured.
    public let fontsOnly: [ContentSizeCategory]
    public let size: Size
    /// The list the heights are for (`AppState.listSerial` when asked).
    public let list: Int
    /// The rows drawn at each of `categories`.
    let rows: Range<Int>
    /// Whether the list is laid out by measuring every row (`exact`).
    let measuresEveryRow: Bool
    /// Whether the layout shown waits for its own full layout.
    let measuresShown: Bool
    let pairs: Bool
    let measurer: DeliveryRowMeasurer

    /// Runs on a worker thread: reads rows (the measurer's source) and
    /// typesets them. Returns every row's height at the size shown (when
    /// the layout waits for it), at each of `categories` and at `fontsOnly`
    /// when `measuresEveryRow`, else nothing. Nearest first, and the
    /// heights of a size before its drawing: a `+` without them lays the
    /// list out by estimate, without the glyphs it rasterises those on screen.
    public func prepare() -> [ExactHeights] {
        var heights: [ExactHeights] = []
        if measuresShown { heights.append(measured(at: shown)) }
        for category in categories {
            if measuresEveryRow { heights.append(measured(at: category)) }
            let context = AppState.listContext(size: size, category: category, pairs: pairs)
            // Drawn, not only typeset: the status badge's big symbol is typeset as it is drawn.
            var scratch = Frame(size: size)
            for row in rows {
                measurer.content(ofRow: row, in: context).draw(into: &scratch, y: 0, width: context.width, isSelected: false)
            }
        }
        // Two steps away too: a second `+` typed straight after the first
        // comes before the heights that one asks for.
        for category in fontsOnly where measuresEveryRow { heights.append(measured(at: category)) }
        return heights
    }

    private func measured(at category: ContentSizeCategory) -> ExactHeights {
        ExactHeights(
            rowCount: measurer.source.count, measurer: measurer,
            context: AppState.listContext(size: size, category: category, pairs: pairs))
    }

    /// Runs on another worker thread, beside `prepare()`: opens the fonts
    /// of the size shown, of every size asked for and of every fallback
    /// script, so that neither a size change nor a row in a script not yet
    /// on screen opens one while a key waits.
    public func prepareFonts() {
        measurer.typesetter.prepareFonts(for: [shown] + categories + fontsOnly)
    }

    public static func == (lhs: SizesAhead, rhs: SizesAhead) -> Bool {
        (lhs.shown, lhs.categories, lhs.fontsOnly, lhs.size, lhs.list, lhs.rows)
            == (rhs.shown, rhs.categories, rhs.fontsOnly, rhs.size, rhs.list, rhs.rows)
            && (lhs.measuresEveryRow, lhs.measuresShown, lhs.pairs) == (rhs.measuresEveryRow, rhs.measuresShown, rhs.pairs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shown)
        hasher.combine(categories)
        hasher.combine(size)
        hasher.combine(list)
        hasher.combine(rows)
    }
}
