import Testing
@testable import Model

@Suite struct LatenessTests {
    @Test func clockTimesParseAsHHMMOrAnISODateTime() {
        #expect(TimeOfDay(parsingClock: "14:05")?.minutes == 14 * 60 + 5)
        #expect(TimeOfDay(parsingClock: "9:30")?.minutes == 9 * 60 + 30)
        #expect(TimeOfDay(parsingClock: "2026-11-23T14:05")?.minutes == 14 * 60 + 5)
        #expect(TimeOfDay(parsingClock: "2026-11-23T14:05:59Z")?.minutes == 14 * 60 + 5)
        #expect(TimeOfDay(parsingClock: "2026-11-23T07:00+01:00")?.description == "07:00")
        for bad in ["", "24:00", "12:60", "1205", "noon", "2026-11-23", "2026-13-01T10:00", "2026-11-23T10:00x", "１２:００"] {
            #expect(TimeOfDay(parsingClock: bad) == nil, "\(bad)")
        }
    }

    @Test func lateMeansTheWindowEndedAndItIsNotDelivered() {
        var delivery = Delivery(id: "A", name: "A", address: Address(line1: "x"), status: .outForDelivery, window: "09:00-12:00")
        let noon = TimeOfDay(hour: 12, minute: 0)!
        let after = TimeOfDay(hour: 12, minute: 1)!
        #expect(!delivery.isLate(at: noon), "the window's last minute is not late yet")
        #expect(delivery.isLate(at: after))
        delivery.status = .failed
        #expect(!delivery.isLate(at: after), "a failed delivery was tried: not late")
        delivery.status = .delivered
        #expect(!delivery.isLate(at: after))
        delivery.status = .pending
        delivery.window = "after lunch"
        #expect(!delivery.isLate(at: after), "a window that is not a time is never late")
        delivery.window = "9-12"
        #expect(delivery.isLate(at: after), "a window in the lenient form ends where it says")
        delivery.window = "All day"
        #expect(!delivery.isLate(at: TimeOfDay(hour: 23, minute: 59)!))
        delivery.window = nil
        #expect(!delivery.isLate(at: after))
    }

    @Test func countsAndTheirOverview() {
        let deliveries = DeliveryStatus.allCases.enumerated().flatMap { index, status in
            (0 ... index).map { Delivery(id: "\(status)\($0)", name: "n", address: Address(line1: "a"), status: status) }
        }
        let counts = StatusCounts(counting: deliveries)
        #expect(counts.overview == "pending 1 · out 2 · delivered 3 · failed 4")
        #expect(counts.total == deliveries.count)
    }
}
