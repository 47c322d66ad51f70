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
}
