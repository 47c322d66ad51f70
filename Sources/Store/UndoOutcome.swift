/// What came of `u`: a change taken back, nothing of the undoer's to take
/// back, or a refusal saying why (someone else changed the delivery since).
public enum UndoOutcome: Sendable, Hashable {
    /// The change made by the undo (its `newStatus` is the status restored).
    case undone(StatusChange)
    /// This browser has no change left to undo (on that delivery, when one was named).
    case nothingToUndo
    /// The undoer's last change stands, because taking it back would
    /// overwrite a newer change: `reason` says whose, as a sentence.
    case refused(deliveryID: String, reason: String)
}

extension UndoOutcome {
    /// The delivery an undo took back a change of, if it did.
    public var undoneDeliveryID: String? {
        if case .undone(let change) = self { change.deliveryID } else { nil }
    }
}
