import Canvas
import Input
import Model
import Testing
@testable import Screens

/// `L` lists the late deliveries (their window ended and they are still to
/// deliver) and the title counts them; it follows the clock.
@Suite struct LateViewTests {
    private static let noon = TimeOfDay(hour: 12, minute: 30)

    private static func late(at now: TimeOfDay?) -> InMemoryDeliveries {
        let all = (0 ..< SampleData.deliveries.count).map(SampleData.deliveries.delivery(at:))
        return InMemoryDeliveries(all.filter { now.map($0.isLate(at:)) ?? false })
    }

    @Test func lAsksForTheLateRowsAndTheTitleCountsThem() throws {
        var state = SampleData.state(width: 100, height: 30)
        _ = state.update(.clock(Self.noon))
        let commands = state.press(.character("L"))
        let request = SearchRequest(query: "", status: .all, lateAt: Self.noon, selection: .delivery(id: "DLV-0001"))
        #expect(commands == [.search(request)])
        _ = state.update(.searched(request, .success(Self.late(at: Self.noon))))
        let frame = state.render().plainTextLines
        #expect(frame[0].hasSuffix("late 5 at 12:30 "), "\(frame[0])")
        #expect(frame.last?.contains("1/5") == true)
        // Esc (or L) goes back to every delivery, on the same one.
        state.press(.down)
        let chosen = state.selectedDelivery?.id
        guard case .search(let back)? = state.press(.escape).first else {
            Issue.record("Esc reads the whole list")
            return
        }
        #expect(back.lateAt == nil)
        #expect(back.selection == .delivery(id: chosen ?? ""))
    }

    @Test func theLateViewFollowsTheMinute() {
        var state = SampleData.state()
        _ = state.update(.clock(Self.noon))
        state.press(.character("L"))
        let next = TimeOfDay(hour: 12, minute: 31)
        let commands = state.update(.clock(next))
        #expect(commands.contains { if case .search(let request) = $0 { request.lateAt == next } else { false } })
        // Out of the late view, the minute asks for nothing.
        var plain = SampleData.state()
        _ = plain.update(.clock(Self.noon))
        #expect(plain.update(.clock(next)).isEmpty)
    }

    @Test func withoutAClockNothingCanBeLate() {
        var state = SampleData.state()
        #expect(state.press(.character("L")).isEmpty)
        #expect(state.notice == "No time of day to be late against")
    }

    @Test func nothingLateSaysSo() {
        var state = SampleData.state()
        _ = state.update(.clock(TimeOfDay(hour: 6, minute: 0)))
        guard case .search(let request)? = state.press(.character("L")).first else { return }
        _ = state.update(.searched(request, .success(InMemoryDeliveries([]))))
        #expect(state.render().plainText.contains("Nothing late at 06:00"))
    }
}
