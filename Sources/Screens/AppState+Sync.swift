import Input
import Model

/// The team store as the screens see it (issue 33): the sync engine's
/// reports (`Message.synced`) keep a standing line in the status bar while
/// changes wait to be sent or the hub is away, turn "saved here, sending…"
/// into "saved" once the hub has them, and show this browser's refused
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
        if let sent = noticeWhenSent, report.hasSent(sent.sequence) {
            // The hub has it: what was "saved here, sending…" is saved.
            if notice == sent.sending || notice == nil {
                // A change's notice keeps its hold on keys under its new words.
                let keyProof = keyProofNotice == noticeSerial
                notice = sent.saved
                if keyProof { keyProofNotice = noticeSerial }
            }
            noticeWhenSent = nil
        }
        return []
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
