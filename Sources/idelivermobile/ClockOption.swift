import ArgumentParser
import Foundation
import Model
import Runtime

/// `--now`: the time of day deliveries are late against, for browse, render
/// and summary. Without it, the system clock's local time (render and
/// summary read it once; browse follows it minute by minute).
struct ClockOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The time to judge lateness by: HH:MM or an ISO date-time such as 2026-11-23T14:05 (default: now).",
        valueName: "time"))
    var now: String?

    func validate() throws {
        if let now, TimeOfDay(parsingClock: now) == nil {
            throw ValidationError("--now must be HH:MM or an ISO date-time like 2026-11-23T14:05, not '\(now)'.")
        }
    }

    /// The fixed time given, if any.
    var fixed: TimeOfDay? { now.flatMap(TimeOfDay.init(parsingClock:)) }

    /// The fixed time, or the system clock's local time of day now.
    var current: TimeOfDay { browseClock.current }

    /// The clock the browse loop follows.
    var browseClock: BrowseClock { BrowseClock(fixed: fixed) }
}
