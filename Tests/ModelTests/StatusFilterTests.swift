import Testing
@testable import Model

@Suite struct StatusFilterTests {
    @Test func nextCyclesThroughEveryFilterBackToAll() {
        var seen: [StatusFilter] = []
        var filter = StatusFilter.all
        repeat {
            seen.append(filter)
            filter = filter.next
        } while filter != .all && seen.count < 10
        #expect(seen == [.all, .pending, .outForDelivery, .delivered, .failed])
        #expect(seen.map(\.status) == [nil, .pending, .outForDelivery, .delivered, .failed])
        #expect(StatusFilter.outForDelivery.title == "Out for delivery")
    }
}
