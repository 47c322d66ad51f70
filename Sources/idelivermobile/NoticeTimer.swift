import Screens

/// The status bar's 4-second timer: the runtime notes when a notice appears
/// and, once it has been up long enough, sends `.noticeExpired` to the state.
/// The clock is read here, never in `AppState.handle`.
struct NoticeTimer {
    static let duration: Duration = .seconds(4)
    private var serial = 0
    private var deadline: ContinuousClock.Instant?

    /// Call after each step: starts the timer when a new notice is showing.
    mutating func noteShown(_ state: AppState, now: ContinuousClock.Instant = .now) {
        guard state.noticeSerial != serial else { return }
        serial = state.noticeSerial
        deadline = state.notice == nil ? nil : now + Self.duration
    }

    /// The message to send when the notice's time is up, once.
    mutating func expired(now: ContinuousClock.Instant = .now) -> Key? {
        guard let deadline, now >= deadline else { return nil }
        self.deadline = nil
        return .noticeExpired(serial)
    }
}
