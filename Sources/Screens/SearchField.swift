import Model

/// The `/` search field of the Deliveries screen, and the status filter and sort order beside it.
public struct SearchField: Sendable, Hashable {
    public var query: String = ""
    /// True while keys type into the field.
    public var isEditing: Bool = false
    public var status: StatusFilter = .all
    public var sort: DeliveryOrder = .manifest
    /// The late view (`L`): only deliveries late at the clock's time.
    public var isLateOnly = false
    /// The delivery selected when `/` was pressed: where Esc returns when the search found nothing.
    public var startedOn: String?

    public init() {}
}
