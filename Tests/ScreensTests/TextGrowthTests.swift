import Canvas
import Testing
import Typesetting
@testable import Screens

/// The product's promise, checked on whole rendered screens: from Large to
/// AX5 every `+` draws the name or the address taller and neither smaller
/// (the ladder's rule, docs/legibility.md), in every mosaic mode.
@Suite struct TextGrowthTests {
    static let categories = ContentSizeCategory.allCases.filter { $0 >= .large }

    /// Ink height, in mosaic pixels, of the first character drawn in `rows`
    /// of `frame` at or right of column `x`: a capital or a digit, whose
    /// height is the cap height whatever the font's descenders do.
    static func firstCharacterHeight(_ frame: Frame, rows: Range<Int>, from x: Int, cells: Int, glyphs: GlyphMode) -> Int {
        let lines = frame.plainTextLines.map(Array.init)
        let start = rows.compactMap { row in lines[row].indices.dropFirst(x).first { lines[row][$0] != " " } }.min() ?? x
        let (across, down) = glyphs == .blocks ? (1, 2) : (2, 4)
        var inkRows = Set<Int>()
        for row in rows {
            for column in start ..< min(start + cells, lines[row].count) {
                let character = lines[row][column]
                for dy in 0 ..< down where (0 ..< across).contains(where: { ink(character, dx: $0, dy: dy, glyphs: glyphs) }) {
                    inkRows.insert(row * down + dy)
                }
            }
        }
        guard let top = inkRows.min(), let bottom = inkRows.max() else { return 0 }
        return bottom - top + 1
    }

    static func ink(_ character: Character, dx: Int, dy: Int, glyphs: GlyphMode) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        if glyphs == .blocks { return character == "█" || (character == "▀" && dy == 0) || (character == "▄" && dy == 1) }
        guard (0x2801 ... 0x28FF).contains(value) else { return false }
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        return (value - 0x2800) & bits[dy][dx] != 0
    }

    @Test(arguments: [GlyphMode.automatic, .braille, .blocks])
    func namesAndAddressesGrowOnTheDeliveriesScreen(glyphs: GlyphMode) {
        var previous = (name: 0, address: 0)
        for category in Self.categories where category > .large {
            let state = SampleData.state(width: 400, height: 60, category: category, glyphs: glyphs)
            let frame = state.render()
            let typesetter = Typesetter(glyphs: glyphs)
            let nameRows = typesetter.rowsPerLine(for: .headline, at: category)
            let addressRows = typesetter.rowsPerLine(for: .subheadline, at: category)
            // The first delivery has a window (one line), drawn before the address where that leads.
            let windowRows = DeliveryRowContent.windowLeads(typesetter: typesetter, category: category)
                ? typesetter.rowsPerLine(for: .caption1, at: category) : 0
            let addressTop = 1 + nameRows + windowRows
            let textX = DeliveryRowContent.textX(badgeColumns: StatusBadge(status: .pending, category: category).columns, typesetter: typesetter)
            let name = Self.firstCharacterHeight(frame, rows: 1 ..< 1 + nameRows, from: textX,
                                                 cells: Int(typesetter.estimatedAdvance(for: .headline, at: category)), glyphs: glyphs)
            let address = Self.firstCharacterHeight(frame, rows: addressTop ..< addressTop + addressRows, from: textX,
                                                    cells: Int(typesetter.estimatedAdvance(for: .subheadline, at: category)), glyphs: glyphs)
            #expect(name >= previous.name && address >= previous.address, "nothing shrinks at \(category.name), \(glyphs)")
            #expect(name > previous.name || address > previous.address, "name or address taller at \(category.name), \(glyphs)")
            #expect(name >= address, "the name is never smaller than the address at \(category.name), \(glyphs)")
            previous = (name, address)
        }
    }

    @Test(arguments: [GlyphMode.automatic, .blocks])
    func theNameNeverShrinksOnTheShipmentScreen(glyphs: GlyphMode) {
        var previous = 0
        for category in Self.categories where category > .large {
            var state = SampleData.state(width: 400, height: 60, category: category, glyphs: glyphs)
            state.press(.enter)
            let typesetter = Typesetter(glyphs: glyphs)
            let rows = typesetter.rowsPerLine(for: .headline, at: category)
            let name = Self.firstCharacterHeight(state.render(), rows: 2 ..< 2 + rows, from: 0,
                                                 cells: Int(typesetter.estimatedAdvance(for: .headline, at: category)), glyphs: glyphs)
            #expect(name >= previous, "name at \(category.name), \(glyphs)")
            #expect(category == .xLarge ? name > 0 : true, "big from the first step up")
            previous = name
        }
    }

    /// Glyphs cannot shrink below Large, so each smaller step must still
    /// change the screen: Medium and Small fit more of the list than the step
    /// above, xSmall gives the text the badge's columns.
    @Test func everyStepBelowLargeShowsMoreOfTheList() {
        let sizes: [ContentSizeCategory] = [.xSmall, .small, .medium, .large]
        let rows = sizes.map { category in
            let state = SampleData.state(width: 80, height: 24, category: category)
            return (0 ..< 8).reduce(0) { $0 + DeliveryRowContent.height(
                of: SampleData.deliveries.delivery(at: $1), width: 79, category: category, typesetter: state.typesetter) }
        }
        #expect(rows[1] < rows[2] && rows[2] < rows[3] && rows[0] <= rows[1], "rows for the first 8 deliveries: \(rows)")
        let frames = sizes.map { SampleData.state(width: 80, height: 24, category: $0).render().plainText }
        #expect(Set(frames).count == frames.count)
    }
}
