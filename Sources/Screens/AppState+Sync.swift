import Input
import Model

/// The team store as the screens see it (issue 33): the sync engine's
/// reports (`Message.synced`) keep a standing line in the status bar while
/// changes wait to be sent or the hub is away, keep a change's "saved here,
/// sending…" in step with the link ("waiting to send" while the hub is away)
/// and turn it into "saved" once the hub has it, and show this browser's refused
/// changes until their maker has looked at them (`r` applies theirs again,
/// `x` keeps the hub's).
extension AppState {
    /// The refused change shown now, if any: the oldest not looked at here.
    public var shownConflict: ConflictNotice? {
        sync?.conflicts.first { !conflictsLookedAt.contains($0.changeID) }
    }

    /// Takes a report from the sync engine.
    mutating func synced(_ report: SyncReport) -> [Command] {
        if case .offline = sync?.link, report.link == .online { notice = "Connected to the hub again" }
        sync = report
        // Looked at here and since marked seen in the store: no longer needed to hide them.
        conflictsLookedAt.formIntersection(report.conflicts.map(\.changeID))
        connectionNotice = report.standingLine
        guard let sent = noticeWhenSent else { return [] }
        let hubAway = if case .offline = report.link { true } else { false }
        if report.hasSent(sent.sequence) {
            // The hub has it: what was "saved here, sending…" is saved.
            if sent.isShown(as: notice) || notice == nil { reword(notice: sent.saved) }
            noticeWhenSent = nil
        } else if sent.isShown(as: notice) {
            // Still waiting: the words follow the link, as the bar beside them does.
            reword(notice: sent.waiting(hubAway: hubAway))
        }
        return []
    }

    /// Gives the notice new words; a change's notice keeps its hold on keys under them.
    private mutating func reword(notice words: String) {
        guard notice != words else { return }
        let keyProof = keyProofNotice == noticeSerial
        let speaksOf = noticeSubject?.serial == noticeSerial
        notice = words
        if keyProof { keyProofNotice = noticeSerial }
        let serial = noticeSerial
        if speaksOf { noticeSubject?.serial = serial }
    }

    /// `r` or `x` while a refused change is shown; nil for any other key (or none shown).
    mutating func handleConflictKey(_ key: Key) -> [Command]? {
        guard let conflict = shownConflict else { return nil }
        switch key {
        case .character("r"):
            conflictsLookedAt.insert(conflict.changeID)
            notice = "\(conflict.deliveryID): applying your \(conflict.mine.title) again…"
            return [.lookedAtConflict(changeID: conflict.changeID),
                    .saveStatus(.setStatus(conflict.mine, deliveryID: conflict.deliveryID))]
        case .character("x"):
            conflictsLookedAt.insert(conflict.changeID)
            notice = "\(conflict.deliveryID): kept \(conflict.kept.title)"
            return [.lookedAtConflict(changeID: conflict.changeID)]
        default:
            return nil
        }
    }
}
