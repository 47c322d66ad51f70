import Model

/// Changing deliveries' statuses in a store, each change logged as its author's.
public protocol StatusWriting: OpenedStore {
    /// Saves a status at once and logs it as `author`'s; nil when the delivery already had it.
    @discardableResult
    func setStatus(_ status: DeliveryStatus, forDeliveryID id: String, by author: ChangeAuthor) throws(StoreError) -> StatusChange?
    /// Undoes `author`'s last status change (of `deliveryID` only, when
    /// given), never over someone else's newer change.
    @discardableResult
    func undoLastChange(by author: ChangeAuthor, ofDeliveryID deliveryID: String?) throws(StoreError) -> UndoOutcome
}
