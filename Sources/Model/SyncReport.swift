/// What a team store's sync engine says to the screens (`Message.synced`):
/// whether the hub is reachable, how many changes made here wait to be
/// sent, and the refused changes of this browser nobody has looked at yet.
public struct SyncReport: Sendable, Hashable {
    public enum Link: Sendable, Hashable {
        /// Talking to the hub: the replica is as fresh as the hub's last nudge.
        case online
        /// The hub does not answer (why, in words): the screens show the
        /// last synced state, and changes wait on disk.
        case offline(String)
    }

    public var link: Link
    /// Status changes saved here that the hub does not have yet.
    public var waiting: Int
    /// This browser's refused changes not looked at yet, oldest first.
    public var conflicts: [ConflictNotice]

    /// The outbox's newest change when the report was made, and its oldest
    /// one still waiting (nil: none): which changes the hub has, told apart
    /// from those made after the report.
    public var queuedThrough: Int64
    public var waitingFrom: Int64?

    public init(link: Link, waiting: Int, conflicts: [ConflictNotice], queuedThrough: Int64 = 0, waitingFrom: Int64? = nil) {
        self.link = link
        self.waiting = waiting
        self.conflicts = conflicts
        self.queuedThrough = queuedThrough
        self.waitingFrom = waitingFrom
    }

    /// Whether the hub has answered for the outbox's change `sequence` (or
    /// refused it) by the time of this report.
    public func hasSent(_ sequence: Int64) -> Bool {
        sequence <= queuedThrough && waitingFrom.map { sequence < $0 } ?? true
    }

    /// The status bar's standing line about the team store, or nil when all
    /// is sent and the hub answers.
    public var standingLine: String? {
        let changes = waiting == 1 ? "1 change" : "\(waiting) changes"
        switch link {
        case .offline:
            return waiting == 0 ? "Offline: the last synced state" : "Offline: \(changes) saved here, waiting to send"
        case .online:
            return waiting == 0 ? nil : "Sending \(changes) saved here…"
        }
    }
}
