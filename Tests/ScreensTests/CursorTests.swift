import Canvas
import Input
import Model
import Testing
import Typesetting
@testable import Screens

/// After every frame the terminal's cursor is at the start of the selected
/// delivery's name (on the Shipment screen, the line scrolled to the top),
/// hidden unless asked for: screen magnifiers and braille displays follow it.
@Suite struct CursorTests {
    @Test(arguments: [ContentSizeCategory.large, .xxxLarge, .accessibility5])
    func theCursorIsOnTheSelectedName(category: ContentSizeCategory) throws {
        var state = SampleData.state(width: 100, height: 30, category: category)
        for _ in 0 ..< 3 {
            state.press(.down)
            let frame = state.render()
            let cursor = try #require(frame.cursor)
            let line = try #require(state.layout.screenLine(ofRow: state.selected))
            let textX = DeliveryRowContent.margin + StatusBadge(status: state.selectedDelivery?.status ?? .pending, category: category).columns + 1
            #expect(cursor.y == 1 + max(0, line))
            #expect(cursor.x == textX)
            #expect(frame.hidesCursor)
        }
        // At native size the name is there as text.
        if category == .large {
            let frame = state.render()
            let cursor = try #require(frame.cursor)
            let name = try #require(state.selectedDelivery?.name)
            #expect(Array(frame.plainTextLines[cursor.y]).dropFirst(cursor.x).starts(with: Array(name)))
        }
    }

    @Test func shownWhenAskedAndInTheSearchField() throws {
        let shown = AppState(source: SampleData.deliveries, size: Size(width: 80, height: 24), showsCursor: true)
        #expect(shown.render().cursor != nil)
        #expect(!shown.render().hidesCursor)
        var state = SampleData.state()
        state.press(.character("/"), .character("a"))
        let frame = state.render()
        #expect(frame.cursor?.y == 23)
        #expect(!frame.hidesCursor, "the search field's cursor always shows")
    }

    @Test func onTheShipmentScreenTheTopLine() throws {
        var state = SampleData.state(width: 60, height: 20)
        state.press(.enter, .character("j"), .character("j"))
        let frame = state.render()
        #expect(frame.cursor?.x == ShipmentContent.margin)
        #expect(frame.cursor?.y == AppState.shipmentArea(in: state.size, pairs: state.typesetter.mayDoubleLines).y)
        #expect(frame.hidesCursor)
    }
}
