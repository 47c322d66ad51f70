import Model

/// The delivery a saved (or undone) change's notice speaks of, and the
/// status the notice says it has: when the store changes under the notice
/// (another browser, the hub, an import), the delivery is read again and,
/// should it have another status now, the notice says so instead of going
/// on saying "saved" and offering an undo the store would refuse.
struct NoticeSubject: Sendable, Equatable {
    var deliveryID: String
    /// "Amelia Hartley: ", as the notice names it ("" when it could not be read back).
    var naming: String
    /// The status the notice says the delivery has.
    var status: DeliveryStatus
    /// Whether the notice offers `u` for it.
    var offersUndo: Bool
    /// The notice's serial (`AppState.noticeSerial`): a later notice is about something else.
    var serial: Int

    /// What the notice says instead when `delivery`, as the store has it now,
    /// no longer has the status it speaks of; nil while it still does.
    func changedElsewhere(_ delivery: Delivery) -> String? {
        guard delivery.id == deliveryID, delivery.status != status else { return nil }
        return naming + "changed to \(delivery.status.title) elsewhere since" + (offersUndo ? " · u no longer undoes yours" : "")
    }
}
