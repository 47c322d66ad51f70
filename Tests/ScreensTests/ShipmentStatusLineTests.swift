import Canvas
import Input
import Model
import Testing
import Typesetting
@testable import Screens

/// The Shipment screen keeps the delivery's status and the keys that mark it
/// on its second line at every size down to 40×14 and every text size,
/// however far it is scrolled.
@Suite struct ShipmentStatusLineTests {
    @Test(arguments: [(40, 14), (60, 20), (100, 30)])
    func statusAndMarkKeysStayInView(width: Int, height: Int) {
        for category in ContentSizeCategory.allCases {
            var state = SampleData.state(width: width, height: height, category: category)
            state.press(.down, .enter)
            for scrolled in [false, true] {
                if scrolled { state.press(.character("G")) }
                let line = state.render().plainTextLines[1]
                #expect(line.contains("○ Pending"), "\(width)×\(height) \(category.name): \(line)")
                for key in ["d", "f", "p", "o"] {
                    #expect(line.contains(key + "✓") || line.contains(key + "✗") || line.contains(key + "○") || line.contains(key + "▸")
                            || line.contains(key + " "), "\(key) at \(width)×\(height) \(category.name): \(line)")
                }
            }
        }
    }

    @Test func itFollowsASavedChange() {
        var state = SampleData.state(width: 40, height: 14)
        state.press(.down, .enter)
        var saved = SampleData.deliveries.delivery(at: 1)
        saved.status = .failed
        _ = state.update(.statusSaved(.setStatus(.failed, deliveryID: saved.id),
                                      .success(.changed(deliveryID: saved.id, status: .failed, delivery: saved))))
        #expect(state.render().plainTextLines[1].contains("✗ Failed"))
    }

    @Test func wideScreensSayItInWords() {
        var state = SampleData.state(width: 100, height: 30)
        state.press(.enter)
        let line = state.render().plainTextLines[1]
        #expect(line.contains("Status  ▸ Out for delivery"))
        #expect(line.contains("d delivered  f failed  p pending  o out"))
    }
}
