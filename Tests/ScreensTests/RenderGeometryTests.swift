import RowLayout
import Testing
import Typesetting
@testable import Screens

/// What must hold for every text size, screen and terminal size.
@Suite struct RenderGeometryTests {
    static let sizes = [(80, 24), (40, 20), (100, 30), (20, 6), (19, 5), (132, 10)]

    @Test(arguments: ContentSizeCategory.allCases)
    func everyLineIsExactlyTheTerminalWidth(category: ContentSizeCategory) {
        for (width, height) in Self.sizes {
            for screen in 0 ..< 3 {
                var state = SampleData.state(width: width, height: height, category: category)
                if screen == 1 { state.press(.down, .down, .enter) }
                if screen == 2 { state.press(.character("?")) }
                let lines = state.render().plainTextLines
                #expect(lines.count == height)
                for line in lines {
                    #expect(DisplayWidth.columns(of: line) == width, "\(width)x\(height) \(category.name) screen \(screen): \(line)")
                }
            }
        }
    }

    @Test func aTerminalTooSmallSaysSo() {
        let state = SampleData.state(width: 19, height: 5)
        let text = state.render().plainText
        #expect(text.contains("Terminal too small"))
        #expect(!text.contains("Feng"))
        // Narrower than the message: a shorter one, still whole.
        let narrow = SampleData.state(width: 12, height: 4).render().plainText
        #expect(narrow.contains("Too small"))
        #expect(narrow.contains("need 20×6"))
    }

    @Test(arguments: [80, 40])
    func rowsOnlyGrowAsTheTextSizeGrows(width: Int) {
        let measurer = DeliveryRowMeasurer(source: SampleData.deliveries, typesetter: Typesetter())
        for row in 0 ..< SampleData.deliveries.count {
            var previous = 0
            for category in ContentSizeCategory.allCases {
                let height = measurer.exactHeight(ofRow: row, in: .init(width: width - 1, category: category.rawValue))
                #expect(height >= previous, "row \(row) shrank at \(category.name)")
                previous = height
            }
        }
    }

    @Test func measuredHeightIsTheDrawnHeight() {
        let typesetter = Typesetter()
        let measurer = DeliveryRowMeasurer(source: SampleData.deliveries, typesetter: typesetter)
        for category in ContentSizeCategory.allCases {
            let context = LayoutContext(width: 59, category: category.rawValue)
            for row in 0 ..< SampleData.deliveries.count {
                #expect(measurer.exactHeight(ofRow: row, in: context) == measurer.content(ofRow: row, in: context).height)
            }
        }
    }
}
