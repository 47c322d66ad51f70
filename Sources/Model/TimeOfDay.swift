/// A time of day to the minute: what delivery windows ("09:00-12:00") are
/// written in, and what "now" is for deciding that a delivery is late.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0 ..< 1440.
    public var minutes: Int

    /// Any count of minutes, wrapped into one day.
    public init(minutesSinceMidnight: Int) {
        minutes = ((minutesSinceMidnight % 1440) + 1440) % 1440
    }

    public init?(hour: Int, minute: Int) {
        guard (0 ..< 24).contains(hour), (0 ..< 60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// "HH:MM" (one-digit hours too: "9:05").
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1 ... 2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// "HH:MM", or an ISO 8601 date-time ("2026-11-23T14:05", with optional
    /// seconds and offset): the time of day as written, since windows are
    /// times of day in the same local time.
    public init?(parsingClock text: String) {
        if let time = TimeOfDay(text) {
            self = time
            return
        }
        let halves = text.split(separator: "T", maxSplits: 1)
        guard halves.count == 2, halves[0].count == 10, halves[1].count >= 5 else { return nil }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, date.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
              let month = Int(date[1]), (1 ... 12).contains(month), let day = Int(date[2]), (1 ... 31).contains(day)
        else { return nil }
        let clock = halves[1]
        let rest = clock.dropFirst(5)
        // Seconds, fractions and an offset may follow; they do not change the minute written.
        guard rest.isEmpty || rest.first == ":" || rest.first == "Z" || rest.first == "+" || rest.first == "-" else { return nil }
        guard let time = TimeOfDay(clock.prefix(5)) else { return nil }
        self = time
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    public var description: String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

extension Delivery {
    /// The end of the time window ("12:00" of "09:00-12:00"), when it has one
    /// that reads as a window (`DeliveryWindow`: "9-12" ends at 12:00 too).
    public var windowEnd: TimeOfDay? {
        window.flatMap(DeliveryWindow.end(of:))
    }

    /// Late: the window has ended by `now` (today) and the delivery is still
    /// to be made (pending or out for delivery). A failed delivery is not
    /// late: it has been tried, and its status says what became of it.
    public func isLate(at now: TimeOfDay) -> Bool {
        guard status == .pending || status == .outForDelivery, let end = windowEnd else { return false }
        return end < now
    }
}
