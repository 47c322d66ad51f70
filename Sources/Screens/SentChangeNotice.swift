/// The notice of a status change saved in a team store's replica and not yet
/// taken by the hub: its words follow the link ("sending…" while the hub is
/// there, "waiting to send" while it is away, as the bar beside it says) until
/// the hub has the change, when they become `saved`.
struct SentChangeNotice: Sendable, Equatable {
    /// The outbox sequence the sync engine reports as sent.
    var sequence: Int64
    /// "Ελένη Παπαδοπούλου: saved here as Delivered", without how it is going.
    var savedHere: String
    /// What it says once the hub has it ("… saved as Delivered · u undoes it").
    var saved: String

    /// The words while the change waits in the replica.
    func waiting(hubAway: Bool) -> String {
        savedHere + (hubAway ? ", waiting to send" : ", sending…")
    }

    /// Whether `notice` is one of the waiting wordings (and not a later notice).
    func isShown(as notice: String?) -> Bool {
        notice == waiting(hubAway: true) || notice == waiting(hubAway: false)
    }
}
