import Input
import SeededRandom
import Testing
import Typesetting
@testable import Screens

/// The two iOS bugs of ROOTS.md must be impossible: after any sequence of text
/// size changes every static label is drawn and the name is centred.
@Suite struct ShipmentTests {
    @Test(arguments: 0 ..< 8)
    func labelsAndCentringSurviveAnySequenceOfSizeChanges(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        // Native glyphs keep the ramp's layout but let the test read the words.
        var state = SampleData.state(width: 70, height: 120, glyphs: .native)
        state.press(Key.down)
        state.press(.enter)
        let name = state.selectedDelivery?.name ?? ""
        for _ in 0 ..< 12 {
            let key: Key = [.character("+"), .character("-"), .character("0"), .character("+")].randomElement(using: &random) ?? .character("+")
            state.press(key)
            let lines = state.render().plainTextLines
            for label in ["Phone", "Text", "ID", "Status"] {
                #expect(lines.contains { $0.hasPrefix("  " + label) }, "\(label) at \(state.category.name)")
            }
            let nameLine = lines.first { $0.contains(name) }
            #expect(nameLine != nil)
            if let nameLine {
                // Centred in the content width (the frame less the scrollbar column).
                let left = nameLine.prefix { $0 == " " }.count
                let right = DisplayWidth.columns(of: nameLine) - 1 - left - DisplayWidth.columns(of: name)
                #expect(abs(left - right) <= 1, "name centred at \(state.category.name): \(left) vs \(right)")
            }
        }
    }

    @Test func accessibilitySizesStackLabelsAboveValues() {
        var side = SampleData.state(width: 70, height: 80, category: .xxxLarge, glyphs: .native)
        side.press(.enter)
        #expect(side.render().plainTextLines.contains { $0.hasPrefix("  Phone") && $0.contains("555") })

        var stacked = SampleData.state(width: 70, height: 80, category: .accessibility1, glyphs: .native)
        stacked.press(.enter)
        let lines = stacked.render().plainTextLines
        let phone = lines.firstIndex { $0.hasPrefix("  Phone") }
        #expect(phone != nil)
        if let phone {
            #expect(!lines[phone].contains("555"))
            #expect(lines[phone + 1].contains("555"))
        }
    }

    @Test(arguments: [ContentSizeCategory.xxxLarge, .accessibility3, .accessibility5])
    func bigNamesAreCentredToo(category: ContentSizeCategory) {
        // Wide enough for the name to fit on one line with room either side at AX5.
        var state = SampleData.state(width: 120, height: 40, category: category)
        state.press(.enter)
        let lines = state.render().plainTextLines
        // The name's mosaic starts on line 2; its ink is balanced left and right
        // within the content width (the frame less the scrollbar), to a glyph's slack.
        let nameRows = Typesetter().height(of: "Feng Wong", style: .headline, category: category, width: 115)
        let ink = lines[2 ..< 2 + nameRows].map { Array($0.dropLast()) }
        let left = ink.compactMap { $0.firstIndex { $0 != " " } }.min() ?? 0
        let right = ink.compactMap { row in row.lastIndex { $0 != " " }.map { row.count - 1 - $0 } }.min() ?? 0
        #expect(left > 10 && right > 10)
        #expect(abs(left - right) <= 3, "left \(left), right \(right)")
    }

    @Test func scrollingStopsAtTheEndOfTheContent() {
        var state = SampleData.state(width: 40, height: 12, category: .accessibility3)
        state.press(.enter)
        state.press(.end)
        guard case .shipment(_, let end) = state.route else { Issue.record("not on the Shipment screen"); return }
        state.press(.down)
        guard case .shipment(_, let after) = state.route else { Issue.record("not on the Shipment screen"); return }
        #expect(end > 0)
        #expect(after == end)
        state.press(.home)
        guard case .shipment(_, let top) = state.route else { Issue.record("not on the Shipment screen"); return }
        #expect(top == 0)
    }
}
