import Canvas
import Model
import Testing
import Typesetting
@testable import Screens

/// A megabyte in one field costs what a screenful does: rows are capped with
/// an ellipsis, the Shipment screen lays out a bounded number of lines, and
/// only the start of the text that can be shown is ever measured.
@Suite struct HugeFieldTests {
    static let megabyte = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing. ", count: 20_000)

    static func state(_ category: ContentSizeCategory) -> AppState {
        let big = Delivery(id: "BIG", name: "Big " + megabyte, address: Address(line1: megabyte, line2: "x"),
                           phone: megabyte, items: [Item(name: megabyte, quantity: 1)], instructions: megabyte, window: megabyte)
        let small = Delivery(id: "S1", name: "Small", address: Address(line1: "1 Road"))
        return AppState(source: InMemoryDeliveries([big, small]), size: Size(width: 80, height: 24), category: category)
    }

    @Test func onlyTheShownStartOfATextIsMeasured() {
        let shown = Typesetter.shownPrefix(of: Self.megabyte, lineLimit: 16, width: 60)
        #expect(shown.count <= 17 * 60)
        #expect(Self.megabyte.hasPrefix(shown))
        #expect(Typesetter.shownPrefix(of: "short", lineLimit: 1, width: 80) == "short")
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibility5])
    func aRowIsCappedWithAnEllipsis(category: ContentSizeCategory) {
        let state = Self.state(category)
        let typesetter = Typesetter()
        let height = DeliveryRowContent.height(of: state.source.delivery(at: 0), width: 80, category: category, typesetter: typesetter)
        let limits = DeliveryRowContent.lineLimit
        let perLine = [TextStyle.headline, .subheadline, .caption1].map { typesetter.rowsPerLine(for: $0, at: category) }
        #expect(height <= limits.name * perLine[0] + limits.address * perLine[1] + limits.window * perLine[2]
                + typesetter.metrics(for: .headline, at: category).spacingAfter + 1)
        if category == .large {
            let lines = state.render().plainTextLines
            #expect(lines.contains { $0.contains("…") }, "the cut text ends in an ellipsis")
        }
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibility5])
    func theShipmentScreenLaysOutABoundedNumberOfLines(category: ContentSizeCategory) {
        var state = Self.state(category)
        state.openShipment()
        let content = ShipmentContent(state.source.delivery(at: 0), width: 79, category: category, typesetter: state.typesetter)
        let rowsPerLine = state.typesetter.rowsPerLine(for: .body, at: category)
        // Six texts of the delivery, each at most the limit, plus labels and headers.
        #expect(content.height <= 7 * ShipmentContent.lineLimit * max(rowsPerLine, state.typesetter.rowsPerLine(for: .headline, at: category)))
        #expect(state.render().plainTextLines.count == 24)
        // Scrolling to the end shows the cut instructions' ellipsis.
        state.press(.end)
        #expect(state.render().plainTextLines.joined().contains("…") || category != .large)
    }
}
