import Canvas
import Foundation
import Input
import Model
import Testing
import Typesetting
@testable import Screens

/// `?` lists the keys of the screen it is opened from, one meaning each,
/// explains the badges, and never splits a key name across lines.
@Suite struct HelpOverlayTests {
    /// Every line of the help, scrolled through from top to bottom.
    private func wholeHelp(_ state: AppState) -> String {
        var state = state
        state.press(.character("?"))
        var text = state.render().plainText
        while true {
            let before = state.helpScroll
            state.press(.pageDown)
            if state.helpScroll == before { return text }
            text += state.render().plainText
        }
    }

    @Test func eachScreenHasItsOwnTable() {
        let list = wholeHelp(SampleData.state(width: 100, height: 30))
        var opened = SampleData.state(width: 100, height: 30)
        opened.press(.enter)
        let shipment = wholeHelp(opened)
        #expect(list.contains("next / previous status filter"))
        #expect(list.contains("only the late deliveries"))
        #expect(!list.contains("mark delivered"))
        #expect(shipment.contains("mark delivered / failed / pending / out for delivery"))
        #expect(!shipment.contains("status filter"))
        #expect(!shipment.contains("search"))
        for text in [list, shipment] {
            #expect(text.contains("undo your last status change"))
            #expect(text.contains("text size bigger / smaller / Large"))
        }
    }

    @Test func noKeyIsListedWithTwoMeaningsOnAScreen() {
        for route in [Route.deliveries, .shipment(SampleData.deliveries.delivery(at: 0), scroll: 0)] {
            var seen: [String: String] = [:]
            // The help's own keys are a table of their own ("In this help").
            let table = HelpOverlay.entries(for: route).prefix { $0.keys != "Status badges" }
            for entry in table where !entry.action.isEmpty {
                for key in entry.keys.split(separator: " ").map(String.init) where !["5j", "3↓", "10G"].contains(key) {
                    #expect(seen[key] == nil, "\(key): “\(seen[key] ?? "")” and “\(entry.action)”")
                    seen[key] = entry.action
                }
            }
        }
    }

    @Test func theBadgesAreExplained() {
        let text = wholeHelp(SampleData.state(width: 100, height: 30))
        for (symbol, meaning) in [("○", "pending"), ("▸", "out for delivery"), ("✓", "delivered"), ("✗", "failed")] {
            #expect(text.split(separator: "\n").contains { $0.contains(symbol) && $0.contains(meaning) }, "\(symbol)")
        }
        #expect(text.contains("late"))
    }

    @Test func aKeyIsNeverSplitAcrossLines() {
        for width in stride(from: 20, through: 120, by: 7) {
            for category in ContentSizeCategory.allCases {
                for glyphs in category > .large ? [GlyphMode.native] : [.automatic] {
                    let text = wholeHelp(SampleData.state(width: width, height: 24, category: category, glyphs: glyphs))
                    for line in text.split(separator: "\n") {
                        let inside = line.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
                        #expect(!inside.hasSuffix("Ctrl-") && !inside.hasSuffix("--"), "\(width) \(category.name): \(line)")
                    }
                }
            }
        }
    }

    @Test func nothingOfTheRowsShowsBesideTheBox() {
        for category in [ContentSizeCategory.large, .accessibility3, .accessibility5] {
            var state = SampleData.state(width: 100, height: 30, category: category)
            _ = state.update(.clock(TimeOfDay(hour: 12, minute: 30)))
            state.press(.character("?"))
            let lines = state.render().plainTextLines
            let box = HelpOverlay.box(in: state.size)
            for y in box.y ..< box.y + box.height - 1 {
                let line = Array(lines[y])
                #expect(String(line[..<box.x]).allSatisfy { $0 == " " }, "\(category.name), line \(y): \(lines[y])")
            }
        }
    }
}
