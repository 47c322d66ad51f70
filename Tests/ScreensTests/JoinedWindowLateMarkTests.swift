import Canvas
import Model
import Testing
import Typesetting
@testable import Screens

/// From Small down the window runs on after the address; a late delivery
/// must still say so there, in a word and in the danger colour, as it does
/// beside a window of its own (without colour the word alone tells).
@Suite struct JoinedWindowLateMarkTests {
    private static let halfPastTwelve = TimeOfDay(hour: 12, minute: 30)

    @Test(arguments: [ContentSizeCategory.xSmall, .small])
    func aLateDeliverySaysLateAfterTheWindowAtTheEndOfItsAddress(category: ContentSizeCategory) throws {
        var state = SampleData.state(width: 100, height: 30, category: category)
        _ = state.update(.clock(Self.halfPastTwelve))
        let frame = state.render()
        let lines = frame.plainTextLines
        // Feng Wong's 09:00-12:00 has ended and the delivery is still out: late.
        let late = try #require(lines.firstIndex { $0.contains("2450 Mission Street") })
        #expect(lines[late].contains("· 09:00-12:00 late"), "\(lines[late])")
        let window = try #require(lines[late].range(of: "09:00-12:00"))
        let x = lines[late].distance(from: lines[late].startIndex, to: window.lowerBound)
        #expect(frame[x, late].style.color == .danger, "the window in the danger colour")
        #expect(frame[x + "09:00-12:00 ".count, late].style.color == .danger, "the word in the danger colour")
        // Amelia Hartley's 12:00-15:00 has not ended: no mark.
        let onTime = try #require(lines.firstIndex { $0.contains("12:00-15:00") })
        #expect(!lines[onTime].contains("late"), "\(lines[onTime])")
    }

    /// Where the window ends a full line there is no room for the word after
    /// it; at xSmall the badge is a one-row symbol, so the word goes after the name.
    @Test func aFullLineAtXSmallPutsTheWordAfterTheName() throws {
        // 72 columns: Feng Wong's address and window fill the line but for three columns.
        var state = SampleData.state(width: 72, height: 30, category: .xSmall)
        _ = state.update(.clock(Self.halfPastTwelve))
        let frame = state.render()
        let lines = frame.plainTextLines
        let window = try #require(lines.firstIndex { $0.contains("CA 94110 · 09:00-12:00") }, "\(lines)")
        #expect(!lines[window].contains("late"), "no room after the window: \(lines[window])")
        #expect(lines[window - 1].contains("Feng Wong late"), "\(lines[window - 1])")
        let x = try #require(lines[window].range(of: "09:00-12:00")).lowerBound
        #expect(frame[lines[window].distance(from: lines[window].startIndex, to: x), window].style.color == .danger)
    }

    /// A right-to-left address in visual order has the window at its left end
    /// (the last thing read): the window there in the danger colour, the word after the line.
    @Test(arguments: [ContentSizeCategory.xSmall, .small])
    func aRightToLeftAddressMarksTheWindowAtItsLeftEnd(category: ContentSizeCategory) throws {
        let rows = SampleData.deliveries.deliveries.filter { $0.name == "فاطمة الزهراء" }.map { delivery in
            var late = delivery
            late.window = "09:00-12:00"
            late.status = .outForDelivery
            return late
        }
        var state = SampleData.state(width: 100, height: 12, category: category, source: InMemoryDeliveries(rows))
        _ = state.update(.clock(Self.halfPastTwelve))
        let frame = state.render()
        let lines = frame.plainTextLines
        let line = try #require(lines.firstIndex { $0.contains("09:00-12:00 · 12271") }, "\(lines)")
        #expect(lines[line].contains("ﻉﺭﺎﺷ late"), "the word after the line's right end: \(lines[line])")
        let x = lines[line].distance(from: lines[line].startIndex, to: try #require(lines[line].range(of: "09:00-12:00")).lowerBound)
        #expect(frame[x, line].style.color == .danger && frame[x + 10, line].style.color == .danger, "the window in the danger colour")
        #expect(frame[x + 12, line].style.color != .danger, "the separator is not the window")
    }
}
