import Foundation
import Model

/// The time of day deliveries are late against: a fixed one (`--now`), or
/// the system clock's local time, which the browse loop follows minute by minute.
public struct BrowseClock: Sendable {
    /// The fixed time given, if any.
    public let fixed: TimeOfDay?

    public init(fixed: TimeOfDay?) {
        self.fixed = fixed
    }

    /// The fixed time, or the system clock's local time of day now.
    public var current: TimeOfDay { fixed ?? Self.systemTime() }

    public static func systemTime() -> TimeOfDay {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: Date())
        return TimeOfDay(minutesSinceMidnight: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}
