import Canvas
import Model
import Testing
import Typesetting
@testable import Screens

/// The list shows each address whole, wrapped onto as many lines as it
/// needs, at every size in every mode, and AX5 stays usable: at 100×30 the
/// first delivery's name, the first line of its address and its window are
/// on the first screen (issue 35), because where the address is drawn tall
/// the window comes before it.
@Suite struct FirstScreenTests {
    static let modes: [GlyphMode] = [.native, .doubled, .braille, .blocks, .scaled, .pixels]

    static func typesetter(_ glyphs: GlyphMode) -> Typesetter {
        var typesetter = Typesetter(glyphs: glyphs)
        // xterm's DejaVu Sans Mono 11, as `render` takes it: without a cell size `.pixels` draws mosaics.
        typesetter.cellPixels = CellPixelSize(width: 9, height: 19)
        return typesetter
    }

    static func state(_ glyphs: GlyphMode, category: ContentSizeCategory, size: Size) -> AppState {
        DisplayWidth.prepareLocale()
        return AppState(source: SampleData.deliveries, size: size, category: category, typesetter: typesetter(glyphs))
    }

    @Test(arguments: modes)
    func nameAddressAndWindowAreOnTheFirstScreenAtAX5(glyphs: GlyphMode) throws {
        let size = Size(width: 100, height: 30)
        let state = Self.state(glyphs, category: .accessibility5, size: size)
        let context = AppState.listContext(size: size, category: .accessibility5, pairs: state.typesetter.mayDoubleLines)
        let content = state.measurer.content(ofRow: 0, in: context)
        let window = try #require(content.window, "the first sample delivery has a window")
        let top = 1  // the list's first row, under the title bar
        let bottom = 1 + AppState.listHeight(size: size)  // the first row past the list
        let addressLine = state.typesetter.rowsPerLine(for: .subheadline, at: .accessibility5)
        #expect(top + content.name.height <= bottom, "name, \(glyphs)")
        #expect(content.addressTop(top) + addressLine <= bottom, "the address's first line, \(glyphs)")
        #expect(content.windowTop(top) + window.height <= bottom, "window, \(glyphs)")
        // On screen as drawn: the selection bar marks the first row's text rows from the list's top.
        let needed = min(bottom, max(content.windowTop(top) + window.height, content.addressTop(top) + addressLine))
        let lines = state.render().plainTextLines.map(Array.init)
        #expect((top ..< needed).allSatisfy { lines[$0].first == "▌" }, "\(glyphs)")
    }

    /// A delivery a doubled line cannot hold (佐藤 花子) is drawn a rung up,
    /// window and all; its "late" must not be doubled beside that mosaic
    /// window, or the row would be doubled with braille on it (xterm 379
    /// crashes drawing that).
    @Test(arguments: [ContentSizeCategory.xxLarge, .accessibility2, .accessibility5])
    func noDoubledRowHoldsAMosaicWhenALateMarkIsDrawn(category: ContentSizeCategory) throws {
        let japanese = SampleData.deliveries.delivery(at: 2)
        #expect(japanese.name == "佐藤 花子" && japanese.window == "14:00-16:00")
        let evening = try #require(TimeOfDay(hour: 23, minute: 0))
        #expect(japanese.isLate(at: evening))
        var state = Self.state(.doubled, category: category, size: Size(width: 100, height: 60))
        _ = state.update(.clock(evening))
        state.place(top: 2, select: 2)
        let frame = state.render()
        let lines = frame.plainTextLines
        for row in frame.lineAttributes.indices where frame.lineAttributes[row] != .normal {
            let braille = lines[row].unicodeScalars.contains { (0x2800 ... 0x28FF).contains($0.value) }
            #expect(!braille, "row \(row) is doubled and holds braille at \(category.name): \(lines[row])")
        }
    }

    @Test(arguments: modes)
    func theListShowsEachAddressWhole(glyphs: GlyphMode) {
        let typesetter = Self.typesetter(glyphs)
        let size = Size(width: 100, height: 30)
        for category in ContentSizeCategory.allCases {
            let context = AppState.listContext(size: size, category: category, pairs: typesetter.mayDoubleLines)
            for index in 0 ..< 8 {
                let delivery = SampleData.deliveries.delivery(at: index)
                let content = DeliveryRowContent(delivery, width: context.width, category: category, typesetter: typesetter)
                let text = DeliveryRowContent.addressText(of: delivery, category: category)
                let width = context.width - content.textX - DeliveryRowContent.margin
                let whole = content.typesetter.height(of: text, style: .subheadline, category: category, width: width)
                #expect(content.address.height == whole, "\(delivery.id) at \(category.name), \(glyphs)")
            }
        }
    }
}
