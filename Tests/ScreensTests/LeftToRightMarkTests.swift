import Canvas
import Model
import Screens
import Testing
import Typesetting

/// For a terminal that orders right-to-left text itself (mlterm, VTE), a row
/// holding Hebrew or Arabic starts with a left-to-right mark, so the row's
/// layout (badge at the left) is not mirrored; other terminals get no mark.
@Suite struct LeftToRightMarkTests {
    static func frame(_ ordering: RightToLeftOrdering) -> Frame {
        DisplayWidth.prepareLocale()
        let rightToLeft = SampleData.deliveries.deliveries.filter { ["נועה לוי", "فاطمة الزهراء"].contains($0.name) }
        let source = InMemoryDeliveries(rightToLeft + [SampleData.deliveries.deliveries[0]])
        var typesetter = Typesetter(glyphs: .native)
        typesetter.rightToLeft = ordering
        let state = AppState(source: source, size: Size(width: 80, height: 24), category: .large, typesetter: typesetter)
        return state.render()
    }

    static let mark = RightToLeftOrdering.leftToRightMark

    @Test func rowsWithRightToLeftTextStartWithAMarkWhereTheTerminalOrdersThem() throws {
        let frame = Self.frame(.terminal)
        let lines = frame.plainTextLines
        let hebrew = try #require(lines.firstIndex { $0.contains("נועה לוי") }, "logical order: \(lines)")
        #expect(frame[0, hebrew].grapheme.hasSuffix(Self.mark))
        let arabic = try #require(lines.firstIndex { $0.contains("فاطمة الزهراء") })
        #expect(frame[0, arabic].grapheme.hasSuffix(Self.mark))
        let latin = try #require(lines.firstIndex { $0.contains("Feng Wong") })
        #expect(!frame[0, latin].grapheme.contains(Self.mark))
        #expect(!frame[0, 0].grapheme.contains(Self.mark), "the title bar holds no right-to-left text")
    }

    @Test func noMarkWhereTheProgramOrdersThem() {
        let frame = Self.frame(.program)
        for y in 0 ..< frame.height {
            #expect(!frame[0, y].grapheme.contains(Self.mark))
        }
        #expect(frame.plainText.contains("יול העונ"), "visual order")
    }
}
